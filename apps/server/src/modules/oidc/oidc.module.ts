import type { AuthApi } from '../auth/auth.module.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import type { UsersApi } from '../users/users.module.ts';
import { OAuthRepository } from './oidc.repository.ts';
import { oidcRoutes } from './oidc.routes.ts';
import { OidcService } from './oidc.service.ts';

/** Social sign-in: Google and Apple over OpenID Connect, ending in a session of the auth module. */
export function createOidcModule({ ctx, app }: ModuleHost, deps: { users: UsersApi; auth: AuthApi }): FeatureModule {
  const service = new OidcService(ctx.config, new OAuthRepository(ctx.db), deps.users.users, deps.auth.accounts, app.log);
  return {
    name: 'oidc',
    async routes(api) {
      await api.register(oidcRoutes, { service });
    },
    api: {},
  };
}
