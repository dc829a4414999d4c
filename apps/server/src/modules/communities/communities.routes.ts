import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  COMMUNITY_LIMITS,
  acceptInviteResultSchema,
  communitiesPageSchema,
  communitiesQuerySchema,
  communityInviteParamsSchema,
  communityMemberParamsSchema,
  communityParamsSchema,
  communitySchema,
  createCommunityBodySchema,
  createInviteBodySchema,
  deleteCommunityBodySchema,
  inviteParamsSchema,
  invitePreviewSchema,
  inviteSchema,
  invitesSchema,
  inviteMemberBodySchema,
  inviteMemberResultSchema,
  invitedMembersSchema,
  joinRequestsSchema,
  joinResultSchema,
  profileCommunitiesSchema,
  statusResultSchema,
  transferOwnershipBodySchema,
  updateCommunityBodySchema,
} from '@tribeverse/shared';
import { readMultipart } from '../../lib/multipart.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { badRequest } from '../../lib/errors.ts';
import type { CommunitiesService } from './communities.service.ts';
import type { CommunityJoiningService } from './communities-joining.service.ts';
import type { CommunityInvitesService } from './communities-invites.service.ts';
import type { CommunityMembersService } from './communities-members.service.ts';
import { common, deleteRoute, errors, me, uploadErrors, withConflict, writer } from './communities-http.ts';

/**
 * Multipart fields are strings: `paid` is 'true' or 'false', `interests` a JSON array (or one name), `place` a JSON
 * object; they are read back into the JSON shape and checked by the same schema.
 */
function multipartToBody(fields: Record<string, string>) {
  const json = (value: string | undefined) => {
    if (value === undefined || value === '') return undefined;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  };
  const interests =
    fields.interests === undefined ? undefined : fields.interests.startsWith('[') ? json(fields.interests) : [fields.interests];
  return { ...fields, paid: fields.paid === undefined ? undefined : fields.paid === 'true', interests, place: json(fields.place) };
}

async function readImageForm(request: FastifyRequest) {
  const { fields, files } = await readMultipart(request, { fileField: 'image', maxFiles: 1, maxFileBytes: COMMUNITY_LIMITS.imageMaxBytes });
  return { fields, image: files[0]?.data };
}

export function communitiesRoutes(deps: {
  communities: CommunitiesService;
  joining: CommunityJoiningService;
  invites: CommunityInvitesService;
  members: CommunityMembersService;
}): FastifyPluginAsyncZod {
  const { communities, joining, invites, members } = deps;
  return async (app) => {
    const params = communityParamsSchema;

    app.post(
      '/communities',
      {
        schema: {
          ...common,
          description:
            'JSON, or multipart with an `image` file (interests a JSON array, place a JSON object, paid true or false). The caller owns it.',
          response: { 201: communitySchema, ...uploadErrors },
        },
        ...writer,
      },
      async (request, reply) => {
        if (request.isMultipart()) {
          const { fields, image } = await readImageForm(request);
          const body = parseOrThrow(createCommunityBodySchema, multipartToBody(fields));
          if (image && !image.length) throw badRequest('The picture is empty.', 'VALIDATION_FAILED', 'image');
          return reply.status(201).send(await communities.create(me(request), body, image));
        }
        return reply.status(201).send(await communities.create(me(request), parseOrThrow(createCommunityBodySchema, request.body)));
      },
    );

    app.get(
      '/communities',
      { schema: { ...common, querystring: communitiesQuerySchema, response: { 200: communitiesPageSchema, ...errors } } },
      async (request) => communities.list(me(request), request.query),
    );

    app.get('/me/communities', { schema: { ...common, response: { 200: profileCommunitiesSchema, ...errors } } }, async (request) =>
      communities.profileCommunities(me(request), me(request)),
    );

    app.get(
      '/users/:id/communities',
      { schema: { ...common, params, response: { 200: profileCommunitiesSchema, ...errors } } },
      async (request) => communities.profileCommunities(me(request), request.params.id),
    );

    app.get('/communities/:id', { schema: { ...common, params, response: { 200: communitySchema, ...errors } } }, async (request) =>
      communities.get(me(request), request.params.id),
    );

    app.patch(
      '/communities/:id',
      { schema: { ...common, params, body: updateCommunityBodySchema, response: { 200: communitySchema, ...errors } } },
      async (request) => communities.update(me(request), request.params.id, request.body),
    );

    app.put(
      '/communities/:id/image',
      { schema: { ...common, params, description: 'multipart `image`', response: { 200: communitySchema, ...uploadErrors } } },
      async (request) => {
        const { image } = await readImageForm(request);
        if (!image?.length) throw badRequest('Choose a picture.', 'VALIDATION_FAILED', 'image');
        return communities.setImage(me(request), request.params.id, image);
      },
    );

    deleteRoute(app, '/communities/:id', {
      params,
      body: deleteCommunityBodySchema,
      remove: (caller, { params: p, body }) => communities.delete(caller, p.id, body.password),
    });

    app.post(
      '/communities/:id/transfer',
      { schema: { ...common, params, body: transferOwnershipBodySchema, response: { 200: communitySchema, ...errors } } },
      async (request) =>
        communities.presentOne(
          me(request),
          await members.transfer(me(request), request.params.id, request.body.user_id, request.body.password),
        ),
    );

    app.post('/communities/:id/join', { schema: { ...common, params, response: { 200: joinResultSchema, ...errors } } }, async (request) =>
      joining.join(me(request), request.params.id),
    );

    app.post(
      '/communities/:id/leave',
      { schema: { ...common, params, response: { 200: statusResultSchema, ...withConflict } } },
      async (request) => joining.leave(me(request), request.params.id),
    );

    app.get(
      '/communities/:id/requests',
      { schema: { ...common, params, response: { 200: joinRequestsSchema, ...errors } } },
      async (request) => joining.requests(me(request), request.params.id),
    );

    for (const [path, approve] of [
      ['approve', true],
      ['decline', false],
    ] as const)
      app.post(
        `/communities/:id/requests/:userId/${path}`,
        { schema: { ...common, params: communityMemberParamsSchema, response: { 200: statusResultSchema, ...errors } } },
        async (request) => joining.decide(me(request), request.params.id, request.params.userId, approve),
      );

    app.post(
      '/communities/:id/invites',
      { schema: { ...common, params, body: createInviteBodySchema, response: { 201: inviteSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await invites.createInvite(me(request), request.params.id, request.body)),
    );

    app.post(
      '/communities/:id/invitations',
      {
        schema: {
          ...common,
          description:
            'Invites one member by `user_id` or `username` (the invite right): they are told, see the community as invited, and accept with …/join (even a private one) or decline with …/leave.',
          params,
          body: inviteMemberBodySchema,
          response: { 201: inviteMemberResultSchema, ...withConflict },
        },
      },
      async (request, reply) => reply.status(201).send(await invites.inviteMember(me(request), request.params.id, request.body)),
    );

    app.get(
      '/communities/:id/invitations',
      { schema: { ...common, params, response: { 200: invitedMembersSchema, ...errors } } },
      async (request) => invites.listInvited(me(request), request.params.id),
    );

    deleteRoute(app, '/communities/:id/invitations/:userId', {
      params: communityMemberParamsSchema,
      remove: (caller, { params: p }) => invites.withdrawInvitation(caller, p.id, p.userId),
    });

    app.get('/communities/:id/invites', { schema: { ...common, params, response: { 200: invitesSchema, ...errors } } }, async (request) =>
      invites.listInvites(me(request), request.params.id),
    );

    deleteRoute(app, '/communities/:id/invites/:code', {
      params: communityInviteParamsSchema,
      remove: (caller, { params: p }) => invites.revokeInvite(caller, p.id, p.code),
    });

    app.get(
      '/invites/:code',
      { schema: { ...common, params: inviteParamsSchema, response: { 200: invitePreviewSchema, ...withConflict } } },
      async (request) => invites.previewInvite(me(request), request.params.code),
    );

    app.post(
      '/invites/:code/accept',
      { schema: { ...common, params: inviteParamsSchema, response: { 200: acceptInviteResultSchema, ...withConflict } } },
      async (request) => invites.acceptInvite(me(request), request.params.code),
    );
  };
}
