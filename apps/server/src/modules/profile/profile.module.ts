import type { AccountDataPart } from '../account-data/account-data.service.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import type { SecurityApi } from '../security/security.module.ts';
import type { UsersApi } from '../users/users.module.ts';
import { HeldProfiles } from './profile-held.ts';
import { HeldProfilesRepository } from './profile-held.repository.ts';
import { profileRoutes } from './profile.routes.ts';
import { ProfileService } from './profile.service.ts';

export interface ProfileApi {
  /** The check a name and bio pass before they are saved (the instance's filters): throws to refuse, or 'hold'. */
  useTextCheck: ProfileService['useTextCheck'];
  /** Names and bios a 'hold' filter kept back, for the held queue (kind 'profile', keyed by the member's id). */
  heldProfiles: HeldProfiles;
  /** The held name and bio in 'Download my data' (deleting the account erases them with the member's own rows). */
  accountData: AccountDataPart;
}

/** Setting up and editing one's own profile. */
export function createProfileModule({ ctx }: ModuleHost, deps: { users: UsersApi; security: SecurityApi }): FeatureModule<ProfileApi> {
  const heldRepository = new HeldProfilesRepository(ctx.db);
  const heldProfiles = new HeldProfiles(heldRepository, deps.users.users);
  const service = new ProfileService(deps.users.users, ctx.media, deps.security.emailChange, heldRepository);
  deps.users.useHeldProfiles((userId) => heldProfiles.pendingOf(userId));
  return {
    name: 'profile',
    routes: (api) => profileRoutes(api, { service, presentMe: deps.users.presentMe }),
    api: {
      useTextCheck: (check) => service.useTextCheck(check),
      heldProfiles,
      accountData: { name: 'held_profile', exportFor: (userId) => heldProfiles.exportFor(userId) },
    },
  };
}
