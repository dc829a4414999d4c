import type { FeatureModule, ModuleHost } from '../module.ts';
import type { SecurityApi } from '../security/security.module.ts';
import type { UsersApi } from '../users/users.module.ts';
import { profileRoutes } from './profile.routes.ts';
import { ProfileService } from './profile.service.ts';

/** Setting up and editing one's own profile. */
export function createProfileModule({ ctx }: ModuleHost, deps: { users: UsersApi; security: SecurityApi }): FeatureModule {
  const service = new ProfileService(deps.users.users, ctx.media, deps.security.emailChange);
  return { name: 'profile', routes: (api) => profileRoutes(api, { service, presentMe: deps.users.presentMe }), api: {} };
}
