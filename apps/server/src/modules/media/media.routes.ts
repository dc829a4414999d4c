import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, currentIdentity, errorResponses } from '../../http/route-kit.ts';
import { PRIVATE_MEDIA_PREFIX } from '../../lib/private-media.ts';
import { MEDIA_COOKIE, MEDIA_COOKIE_SECONDS, type MediaAccessService } from './media.service.ts';

/**
 * POST /api/media/access: the web app calls it once it has a session (and again on a new one); the browser then
 * sends the cookie with every fetch of a chat file, as an <img> or a download, which cannot carry a bearer token.
 * HttpOnly (no script reads it), SameSite=Strict (no other site's page makes the browser send it: nobody can embed
 * a member's files or probe which ones they may see) and only on the private media path.
 */
export const mediaRoutes =
  (service: MediaAccessService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/media/access',
      {
        schema: {
          tags: ['media'],
          security: bearer,
          description: `Sets the HttpOnly cookie that lets this browser fetch the chat files the member may see (${PRIVATE_MEDIA_PREFIX}/…).`,
          response: { 204: z.null(), ...errorResponses(401) },
        },
        config: { access: 'member' },
      },
      async (request, reply) => {
        const value = service.issue(currentIdentity(request));
        const secure = request.protocol === 'https' ? '; Secure' : '';
        const cookie = `${MEDIA_COOKIE}=${value}; Path=${PRIVATE_MEDIA_PREFIX}; Max-Age=${MEDIA_COOKIE_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
        return reply.header('set-cookie', cookie).status(204).send(null);
      },
    );
  };
