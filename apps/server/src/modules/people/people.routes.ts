import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  followListQuerySchema,
  followListSchema,
  followStateSchema,
  muteStateSchema,
  mutesListQuerySchema,
  mutesListSchema,
  publicProfileSchema,
  userIdParamSchema,
  usernameParamSchema,
} from '@tribeverse/shared';
import { bearer, currentUserId, errorResponses } from '../../http/route-kit.ts';
import type { PeopleMutesService } from './people-mutes.service.ts';
import type { PeopleService } from './people.service.ts';

export interface PeopleRouteDeps {
  service: PeopleService;
  mutes: PeopleMutesService;
  /** The signed-in member of a public route, when a live session came with it (a stale token reads as a visitor). */
  viewerOf(request: FastifyRequest): Promise<number | null>;
}

const tags = ['people'];

export const peopleRoutes: FastifyPluginAsyncZod<PeopleRouteDeps> = async (app, { service, mutes, viewerOf }) => {
  const member = { config: { access: 'member' as const } };

  // Declared as a path of its own: it is matched before '/users/:username' (a fixed segment wins over a parameter).
  app.get(
    '/users/mutes',
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        querystring: mutesListQuerySchema,
        response: { 200: mutesListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => mutes.list(currentUserId(request), request.query),
  );

  for (const method of ['put', 'delete'] as const) {
    app[method](
      '/users/:id/mute',
      {
        ...member,
        schema: {
          tags,
          security: bearer,
          params: userIdParamSchema,
          response: { 200: muteStateSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        method === 'put' ? mutes.mute(currentUserId(request), request.params.id) : mutes.unmute(currentUserId(request), request.params.id),
    );
  }

  app.get(
    '/users/:username',
    {
      config: { access: 'public' },
      schema: { tags, params: usernameParamSchema, response: { 200: publicProfileSchema, ...errorResponses(400, 404) } },
    },
    async (request) => service.profile(await viewerOf(request), request.params.username),
  );

  for (const method of ['post', 'delete'] as const) {
    app[method](
      '/users/:id/follow',
      {
        ...member,
        schema: {
          tags,
          security: bearer,
          params: userIdParamSchema,
          response: { 200: followStateSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        method === 'post'
          ? service.follow(currentUserId(request), request.params.id)
          : service.unfollow(currentUserId(request), request.params.id),
    );
  }

  app.delete(
    '/users/:id/follower',
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        params: userIdParamSchema,
        response: { 204: z.null().describe('No content'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.removeFollower(currentUserId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  for (const side of ['followers', 'following'] as const) {
    app.get(
      `/users/:id/${side}`,
      {
        ...member,
        schema: {
          tags,
          security: bearer,
          params: userIdParamSchema,
          querystring: followListQuerySchema,
          response: { 200: followListSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.list(side, currentUserId(request), request.params.id, request.query),
    );
  }
};
