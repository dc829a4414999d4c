import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCode,
  oauthProvidersResponseSchema,
  oauthStartQuerySchema,
  socialExchangeBodySchema,
  socialExchangeResponseSchema,
  type OAuthProvider,
} from '@tribeverse/shared';
import { errorResponses } from '../../http/route-kit.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { sessionOrigin } from '../auth/auth.service.ts';
import type { OidcService } from './oidc.service.ts';

const PROVIDERS: OAuthProvider[] = ['google', 'apple'];
/** Ties a sign-in to the browser that started it; sent back only to the auth API, never readable by scripts. */
const BINDING_COOKIE = 'tv_social';

function bindingCookie(value: string, maxAgeSeconds: number, secure: boolean) {
  return `${BINDING_COOKIE}=${value}; Path=/api/auth; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
const callbackParams = z.record(
  z.string(),
  z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v[0]! : v)),
);

/** Social sign-in. Browser navigations, so every outcome is a redirect into the web app, never a JSON error. */
export const oidcRoutes: FastifyPluginAsyncZod<{ service: OidcService }> = async (app, { service }) => {
  // Apple posts its answer as a form; only these routes accept urlencoded bodies.
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  const secureCookie = service.redirectUri('google').startsWith('https:');

  app.post(
    '/auth/social/exchange',
    {
      schema: {
        tags: ['auth'],
        description: "The landing page's one-time code for the session, in the browser that started the sign-in.",
        body: socialExchangeBodySchema,
        response: { 200: socialExchangeResponseSchema, ...errorResponses(400, 429) },
      },
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const result = await service.exchange(request.body.code, readCookie(request.headers.cookie, BINDING_COOKIE), sessionOrigin(request));
      reply.header('set-cookie', bindingCookie('', 0, secureCookie));
      if (!result) throw badRequest('This sign-in has expired or was started elsewhere. Please sign in again.', ErrorCode.INVALID_CODE);
      return { access_token: result.token, next: result.next };
    },
  );

  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['auth'],
        description: 'Which social sign-in providers are configured.',
        response: { 200: oauthProvidersResponseSchema },
      },
      config: { access: 'public' },
    },
    async () => ({ google: service.isConfigured('google'), apple: service.isConfigured('apple') }),
  );

  for (const provider of PROVIDERS) {
    app.get(
      `/auth/${provider}`,
      {
        schema: { tags: ['auth'], description: `Starts ${provider} sign-in (browser navigation).`, querystring: oauthStartQuerySchema },
        config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
        // A bad return_to is dropped, not refused: this is a navigation, it must land somewhere useful.
        attachValidation: true,
      },
      async (request, reply) => {
        if (!service.isConfigured(provider)) {
          return reply.redirect(`/auth/login?social_error=not_configured&provider=${provider}`);
        }
        try {
          const returnTo = request.validationError ? undefined : request.query.return_to;
          const { url, binding } = await service.start(provider, returnTo);
          return reply.header('set-cookie', bindingCookie(binding, 600, secureCookie)).redirect(url);
        } catch (error) {
          service.logFailure(provider, error);
          return reply.redirect('/auth/login?social_error=failed');
        }
      },
    );

    const finish = async (params: { query: Record<string, string>; form?: Record<string, string> }) => {
      try {
        const { code, next } = await service.finish(provider, params);
        return `/auth/social#code=${encodeURIComponent(code)}&next=${encodeURIComponent(next)}`;
      } catch (error) {
        if (error instanceof AppError && error.code === ErrorCode.REGISTRATION_CLOSED)
          return `/auth/login?social_error=signups_closed&provider=${provider}`;
        service.logFailure(provider, error);
        return '/auth/login?social_error=failed';
      }
    };
    const callbackConfig = {
      schema: { tags: ['auth'], description: `The ${provider} sign-in answer.`, hide: true },
      config: { access: 'public' as const, rateLimit: { max: 30, timeWindow: '1 minute' } },
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
