import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONVERSATION_LIMITS,
  ErrorCode,
  GROUP_PICTURE_TOO_LARGE_MSG,
  addGroupMembersBodySchema,
  createGroupBodySchema,
  groupMemberParamsSchema,
  groupParamsSchema,
  groupSchema,
  groupsResponseSchema,
  updateGroupBodySchema,
} from '@tribeverse/shared';
import { currentUserId as me, errorResponses } from '../../http/route-kit.ts';
import { badRequest } from '../../lib/errors.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import type { ChatGroupsService } from './chat-groups.service.ts';

const common = { tags: ['chat groups'], security: [{ bearer: [] }] };
const errors = errorResponses(400, 401, 403, 404, 429);
const uploadErrors = errorResponses(400, 401, 403, 404, 413, 415, 429);

/** PATCH: JSON `{name}`, or multipart with the picture as `avatar` (and `name` too, if it changes). */
async function readGroupChange(request: FastifyRequest): Promise<{ name?: string; avatar?: Buffer }> {
  if (!request.isMultipart()) return parseOrThrow(updateGroupBodySchema, request.body ?? {});
  const { fields, files } = await readMultipart(request, {
    fileField: 'avatar',
    maxFiles: 1,
    maxFileBytes: CONVERSATION_LIMITS.groupAvatarMaxBytes,
    fileTooLargeMsg: GROUP_PICTURE_TOO_LARGE_MSG,
  });
  const { name } = parseOrThrow(updateGroupBodySchema.partial(), fields);
  const avatar = files[0]?.data;
  if (avatar !== undefined && !avatar.length) throw badRequest('The picture is empty.', ErrorCode.VALIDATION_FAILED, 'avatar');
  if (name === undefined && !avatar) throw badRequest('Send a name or an avatar file.', ErrorCode.VALIDATION_FAILED, 'avatar');
  return { name, avatar };
}

/** Group chats (contract, "Conversations"), the groups and their members: members only; anyone else gets 404. */
export function chatGroupsRoutes(groups: ChatGroupsService): FastifyPluginAsyncZod {
  return async (app) => {
    const params = groupParamsSchema;

    app.get(
      '/chat/groups',
      {
        schema: {
          ...common,
          description: 'The caller’s current groups, newest activity first.',
          response: { 200: groupsResponseSchema, ...errors },
        },
      },
      async (request) => ({ groups: await groups.list(me(request)) }),
    );

    app.post(
      '/chat/groups',
      {
        schema: {
          ...common,
          description: 'A group of the caller (its admin) and 2 to 99 people the caller may message.',
          body: createGroupBodySchema,
          response: { 201: groupSchema, ...errors },
        },
        config: { access: 'writer' },
      },
      async (request, reply) => reply.status(201).send(await groups.create(me(request), request.body)),
    );

    app.get('/chat/groups/:id', { schema: { ...common, params, response: { 200: groupSchema, ...errors } } }, async (request) =>
      groups.get(me(request), request.params.id),
    );

    app.patch(
      '/chat/groups/:id',
      {
        schema: {
          ...common,
          description: 'Admins: JSON {name}, or multipart with the picture as `avatar` (and `name`).',
          params,
          response: { 200: groupSchema, ...uploadErrors },
        },
        config: { access: 'writer' },
      },
      async (request) => groups.update(me(request), request.params.id, await readGroupChange(request)),
    );

    app.post(
      '/chat/groups/:id/members',
      {
        schema: {
          ...common,
          description: 'Admins add people they may message (no block either way); a group holds at most 100.',
          params,
          body: addGroupMembersBodySchema,
          response: { 200: groupSchema, ...errors },
        },
        config: { access: 'writer' },
      },
      async (request) => groups.addMembers(me(request), request.params.id, request.body.user_ids),
    );

    app.delete(
      '/chat/groups/:id/members/:userId',
      {
        schema: {
          ...common,
          description: 'Admins remove anyone; anyone removes themself (leaving). Their sockets stop hearing the group at once.',
          params: groupMemberParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await groups.removeMember(me(request), request.params.id, request.params.userId);
        return reply.status(204).send(null);
      },
    );
  };
}
