import { userRoom } from '../../realtime/rooms.ts';
import type { AuthApi } from '../auth/auth.module.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import { AccountDataRepository } from './account-data.repository.ts';
import { accountDataRoutes } from './account-data.routes.ts';
import { AccountDataService, type AccountDataPart } from './account-data.service.ts';

/** Your data: download everything as JSON, and delete the account. */
export function createAccountDataModule(
  host: ModuleHost,
  deps: { auth: Pick<AuthApi, 'sessionsEnded' | 'passwords'>; parts?: AccountDataPart[] },
): FeatureModule<{
  service: AccountDataService;
}> {
  const { ctx, app } = host;
  const service = new AccountDataService(
    new AccountDataRepository(ctx.db),
    ctx.media,
    app.log,
    (sessionIds, userId) => {
      // Every socket of the deleted member closes at once, whichever session opened it.
      deps.auth.sessionsEnded(sessionIds);
      ctx.realtime.chat.in(userRoom(userId)).disconnectSockets(true);
    },
    deps.auth.passwords,
    deps.parts,
  );
  return {
    name: 'account-data',
    routes: async (api) => accountDataRoutes(api, { service }),
    api: { service },
  };
}
