import type { AuthApi } from '../auth/auth.module.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import type { UsersApi } from '../users/users.module.ts';
import type { CodesParts } from './codes.types.ts';
import { CodesRepository } from './codes.repository.ts';
import { CodesService } from './codes.service.ts';
import { confirmAccountRoutes } from './codes-confirm-account.routes.ts';
import { ConfirmAccountService } from './codes-confirm-account.service.ts';
import { passwordResetRoutes } from './codes-password-reset.routes.ts';
import { PasswordResetService } from './codes-password-reset.service.ts';
import { ResetRequestsRepository } from './codes-reset-requests.repository.ts';
import { ResetTokensRepository } from './codes-reset-tokens.repository.ts';

export interface CodesApi {
  /** The rules every mailed code follows (six digits, 180 s, five tries), for the modules that mail their own. */
  codes: CodesService;
}

/** The codes mailed to prove an address: confirming the account after sign-up, and resetting a forgotten password. */
export function createCodesModule({ ctx, app }: ModuleHost, deps: { users: UsersApi; auth: AuthApi }): FeatureModule<CodesApi> {
  const log = app.log;
  const { users, presentMe } = deps.users;
  const codes = new CodesService(new CodesRepository(ctx.db));
  const confirmation = new ConfirmAccountService(users, codes, ctx.mailer, log);
  deps.auth.onRegistered((user) => confirmation.sendCode(user));
  const passwordReset = new PasswordResetService(
    users,
    codes,
    new ResetTokensRepository(ctx.db),
    new ResetRequestsRepository(ctx.db),
    deps.auth.accounts,
    ctx.mailer,
    log,
  );
  const parts: CodesParts = { accounts: deps.auth.accounts, confirmation, passwordReset, presentMe };

  return {
    name: 'codes',
    async routes(api) {
      await api.register(confirmAccountRoutes, { parts });
      await api.register(passwordResetRoutes, { parts });
    },
    api: { codes },
  };
}
