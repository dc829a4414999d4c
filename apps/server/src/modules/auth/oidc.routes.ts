import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { oauthProvidersResponseSchema, oauthStartQuerySchema, type OAuthProvider } from '@tribeverse/shared';
import type { AppContext } from '../../context.ts';
import type { AccountModule } from './account.module.ts';
import { OAuthRepository } from './oauth.repository.ts';
import { OidcService } from './oidc.service.ts';

const PROVIDERS: OAuthProvider[] = ['google', 'apple'];
const callbackParams = z.record(z.string(), z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v[0]! : v)));

/** Social sign-in. Browser navigations, so every outcome is a redirect into the web app, never a JSON error. */
export const oidcRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; account: AccountModule }> = async (app, { ctx, account }) => {
  const service = new OidcService(ctx.config, new OAuthRepository(ctx.db), account.users, account.auth, app.log);
  // Apple posts its answer as a form; only these routes accept urlencoded bodies.
  await app.register(formbody, { bodyLimit: 64 * 1024 });

  app.get(
    '/auth/providers',
    { schema: { tags: ['auth'], description: 'Which social sign-in providers are configured.', response: { 200: oauthProvidersResponseSchema } } },
    async () => ({ google: service.isConfigured('google'), apple: service.isConfigured('apple') }),
  );

  for (const provider of PROVIDERS) {
    app.get(
      `/auth/${provider}`,
      {
        schema: { tags: ['auth'], description: `Starts ${provider} sign-in (browser navigation).`, querystring: oauthStartQuerySchema },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        // A bad return_to is dropped, not refused: this is a navigation, it must land somewhere useful.
        attachValidation: true,
      },
      async (request, reply) => {
        if (!service.isConfigured(provider)) {
          return reply.redirect(`/auth/login?social_error=not_configured&provider=${provider}`);
        }
        try {
          const returnTo = request.validationError ? undefined : request.query.return_to;
          return reply.redirect(await service.start(provider, returnTo));
        } catch (error) {
          service.logFailure(provider, error);
          return reply.redirect('/auth/login?social_error=failed');
        }
      },
    );

    const finish = async (params: { query: Record<string, string>; form?: Record<string, string> }) => {
      try {
        const { token, next } = await service.finish(provider, params);
        return `/auth/social#token=${encodeURIComponent(token)}&next=${encodeURIComponent(next)}`;
      } catch (error) {
        service.logFailure(provider, error);
        return '/auth/login?social_error=failed';
      }
    };
    const callbackConfig = {
      schema: { tags: ['auth'], description: `The ${provider} sign-in answer.`, hide: true },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    };
    app.get(`/auth/${provider}/callback`, callbackConfig, async (request, reply) => {
      const query = callbackParams.safeParse(request.query ?? {});
      return reply.redirect(await finish({ query: query.success ? query.data : {} }));
    });
    app.post(`/auth/${provider}/callback`, callbackConfig, async (request, reply) => {
      const form = callbackParams.safeParse(request.body ?? {});
      return reply.redirect(await finish({ query: {}, form: form.success ? form.data : {} }));
    });
  }
};
