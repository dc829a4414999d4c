import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMMUNITY_LIMITS,
  apiErrorSchema,
  communitySendBodySchema,
  communitySendFieldsSchema,
  communitySendResultSchema,
  type CommunityMessage,
} from '@tribeverse/shared';
import { currentUserId } from '../../http/route-kit.ts';
import { readSendBody } from '../../http/send-body.ts';
import type { CommunityAttachment, CommunitySendInput } from './communities-chat.service.ts';

/** What every community route file shares: the caller and the declared errors. Access is declared per route. */
export const me = (request: FastifyRequest) => currentUserId(request);
export const common = { tags: ['communities'], security: [{ bearer: [] }] };
export const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
export const withConflict = { ...errors, 409: apiErrorSchema, 410: apiErrorSchema };
export const uploadErrors = { ...errors, 413: apiErrorSchema, 415: apiErrorSchema };
/** For writing what others read: a set-up profile (403 otherwise). */
export const writer = { config: { access: 'writer' as const } };

/** Sends per minute and member over HTTP (the socket has the same budget). */
export const COMMUNITY_SENDS_PER_MINUTE = 120;

export type PrepareAttachment = (data: Buffer, name: string | undefined) => Promise<CommunityAttachment>;

/** A send's body, to any channel: JSON `{text, client_id?, reply_to?}`, or multipart with one `file` and those fields. */
export async function readSend(
  request: FastifyRequest,
  prepareAttachment: PrepareAttachment,
): Promise<{ input: CommunitySendInput; attachment?: CommunityAttachment }> {
  return readSendBody(request, {
    text: communitySendBodySchema,
    withFile: communitySendFieldsSchema,
    maxFileBytes: COMMUNITY_LIMITS.attachmentMaxBytes,
    prepare: prepareAttachment,
  });
}

/**
 * POST …/send to a channel, for members who may write, within the per-member budget: the body as `readSend` reads
 * it, 201 `{message}`.
 */
export function sendRoute<P extends z.ZodType>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  route: {
    url: string;
    params: P;
    description: string;
    rateLimitFactor: number;
    prepareAttachment: PrepareAttachment;
    send(me: number, params: z.output<P>, input: CommunitySendInput, attachment?: CommunityAttachment): Promise<CommunityMessage>;
  },
) {
  // Typed as a plain schema: `send` is typed by `params` instead.
  const schema: FastifySchema = {
    ...common,
    description: route.description,
    params: route.params,
    response: { 201: communitySendResultSchema, ...uploadErrors },
  };
  app.post(
    route.url,
    {
      schema,
      config: {
        access: 'writer',
        rateLimit: { max: Math.ceil(COMMUNITY_SENDS_PER_MINUTE * route.rateLimitFactor), timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const { input, attachment } = await readSend(request, route.prepareAttachment);
      return reply.status(201).send({ message: await route.send(me(request), request.params as z.output<P>, input, attachment) });
    },
  );
}

/**
 * DELETE `url` for the caller: `remove` does it (its errors as declared, 409 and 410 too with `conflict`), and the
 * answer is 204 with no body.
 */
export function deleteRoute<P extends z.ZodType, Q extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodUnknown>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  url: string,
  route: {
    params: P;
    querystring?: Q;
    body?: B;
    description?: string;
    conflict?: boolean;
    remove(me: number, request: { params: z.output<P>; query: z.output<Q>; body: z.output<B> }): Promise<unknown>;
  },
) {
  // Typed as a plain schema: `remove` is typed by the route's schemas instead.
  const schema: FastifySchema = {
    ...common,
    ...(route.description && { description: route.description }),
    params: route.params,
    ...(route.querystring && { querystring: route.querystring }),
    ...(route.body && { body: route.body }),
    response: { 204: z.null(), ...(route.conflict ? withConflict : errors) },
  };
  app.delete(url, { schema }, async (request, reply) => {
    await route.remove(me(request), request as unknown as { params: z.output<P>; query: z.output<Q>; body: z.output<B> });
    return reply.status(204).send(null);
  });
}
