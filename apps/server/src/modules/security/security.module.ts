import { openSecretBox } from '../../lib/secret-box.ts';
import type { AuthApi } from '../auth/auth.module.ts';
import type { CodesApi } from '../codes/codes.module.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import type { UsersApi } from '../users/users.module.ts';
import { securityRoutes } from './security.routes.ts';
import type { SecurityParts } from './security.types.ts';
import { EmailChangeService } from './security-email-change.service.ts';
import { PasswordChangeService } from './security-password.service.ts';
import { TotpRepository } from './security-totp.repository.ts';
import { TotpService } from './security-totp.service.ts';
import { TwoStepChallengesRepository } from './security-two-step.repository.ts';
import { TwoStepService } from './security-two-step.service.ts';

export interface SecurityApi {
  /** Moving the account to another address: proof of ownership first, the new address's code, the old one told. */
  emailChange: Pick<EmailChangeService, 'authorize' | 'start'>;
}

/**
 * Account security behind a session: two-step verification (a mailed code or an authenticator app), which it adds
 * to password sign-in as its second step, changing the password and changing the address.
 */
export function createSecurityModule(
  { ctx, app }: ModuleHost,
  deps: { users: UsersApi; auth: AuthApi; codes: CodesApi },
): FeatureModule<SecurityApi> {
  const log = app.log;
  const { users, presentMe } = deps.users;
  const { accounts, passwords, secondStepLock } = deps.auth;
  const codes = deps.codes.codes;
  const totp = new TotpService(
    new TotpRepository(ctx.db, openSecretBox({ key: ctx.config.secretsKey, dataDir: ctx.config.dataDir })),
    passwords,
    secondStepLock,
  );
  const twoStep = new TwoStepService(
    users,
    accounts,
    codes,
    new TwoStepChallengesRepository(ctx.db),
    ctx.mailer,
    log,
    totp,
    passwords,
    secondStepLock,
  );
  deps.auth.useSecondStep(twoStep);
  const emailChange = new EmailChangeService(users, codes, ctx.mailer, log, passwords);
  const parts: SecurityParts = {
    accounts,
    twoStep,
    totp,
    passwordChange: new PasswordChangeService(users, accounts, passwords),
    emailChange,
    presentMe,
  };

  return {
    name: 'security',
    async routes(api) {
      await api.register(securityRoutes, { parts });
    },
    api: { emailChange },
  };
}
