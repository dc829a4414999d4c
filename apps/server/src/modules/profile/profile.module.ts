import type { FeatureModule, ModuleHost } from '../module.ts';
import type { SecurityApi } from '../security/security.module.ts';
import type { UsersApi } from '../users/users.module.ts';
import { profileRoutes } from './profile.routes.ts';
import { ProfileService } from './profile.service.ts';

export interface ProfileApi {
  /** The check a name and bio pass before they are saved (the instance's filters). */
  useTextCheck: ProfileService['useTextCheck'];
}

/** Setting up and editing one's own profile. */
export function createProfileModule({ ctx }: ModuleHost, deps: { users: UsersApi; security: SecurityApi }): FeatureModule<ProfileApi> {
  const service = new ProfileService(deps.users.users, ctx.media, deps.security.emailChange);
  return {
    name: 'profile',
    routes: (api) => profileRoutes(api, { service, presentMe: deps.users.presentMe }),
    api: { useTextCheck: (check) => service.useTextCheck(check) },
  };
}
