import { sessionRoom, userRoom } from '../../realtime/rooms.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import { AccountDataRepository } from './account-data.repository.ts';
import { accountDataRoutes } from './account-data.routes.ts';
import { AccountDataService, type AccountDataPart } from './account-data.service.ts';

/** Your data: download everything as JSON, and delete the account. */
export function createAccountDataModule(
  host: ModuleHost,
  deps: { parts?: AccountDataPart[] } = {},
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
      for (const id of sessionIds) ctx.realtime.chat.in(sessionRoom(id)).disconnectSockets(true);
      ctx.realtime.chat.in(userRoom(userId)).disconnectSockets(true);
    },
    deps.parts,
  );
  return {
    name: 'account-data',
    routes: async (api) => accountDataRoutes(api, { service }),
    api: { service },
  };
}
