import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, linkPreviewQuerySchema, linkPreviewSchema } from '@tribeverse/shared';
import type { FastifyRequest } from 'fastify';
import { bearer, currentUserId, errorResponses } from '../../http/route-kit.ts';
import type { LinkPreviewService } from './link-preview.service.ts';

/**
 * Each preview not cached makes the server fetch a page and a picture: limited per member (not per address, not per
 * session), counted after the access guard knows the member. 60 a minute: a conversation opened on a page of fifty
 * messages, each with its own link, still shows every card.
 */
const perMember = { hook: 'preHandler' as const, keyGenerator: (request: FastifyRequest) => `link-preview:${currentUserId(request)}` };

export const linkPreviewRoutes: FastifyPluginAsyncZod<{ previews: LinkPreviewService }> = async (app, { previews }) => {
  app.get(
    '/link-preview',
    {
      config: { access: 'member', rateLimit: { max: 60, timeWindow: '1 minute', ...perMember } },
      schema: {
        tags: ['link-preview'],
        security: bearer,
        description:
          "What a link shows (title, description, picture, site), fetched by the server and cached per URL. 422 LINK_REFUSED when the address or a redirect's is not public; 422 LINK_UNAVAILABLE when the page cannot be read.",
        querystring: linkPreviewQuerySchema,
        response: { 200: linkPreviewSchema, ...errorResponses(400, 401, 429), 422: apiErrorSchema },
      },
    },
    async (request) => previews.preview(request.query.url),
  );
};
