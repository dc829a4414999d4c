import type { FastifySchema, HTTPMethods } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { clearResultSchema, muteBodySchema, muteResultSchema, type apiErrorSchema } from '@tribeverse/shared';
import { bearer, currentUserId } from './route-kit.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Schema = z.ZodType;
type Errors = Partial<Record<number, typeof apiErrorSchema>>;

/** What a route gets once its schemas have read the request: the caller, the path's values and the body or query. */
type Run<P extends Schema, I extends Schema | undefined, R extends Schema> = (
  me: number,
  params: z.output<P>,
  input: I extends Schema ? z.output<I> : undefined,
) => Promise<z.input<R>>;

/** One route of a kind: what it takes (the body, or for a GET the query string), what it answers, and the service call. */
export interface ActionSpec<P extends Schema, I extends Schema | undefined, R extends Schema> {
  description?: string;
  input?: I;
  response: R;
  run: Run<P, I, R>;
}

/** A message action answers the message as it is now, in the kind's shape: the response is the kind's. */
export type MessageActionSpec<P extends Schema, I extends Schema | undefined, R extends Schema> = Omit<ActionSpec<P, I, R>, 'response'>;

/** Where a kind's calls hang: `/chat/groups/:id` (or `/chat` when the conversation is named in the body or query). */
export interface RoutePlace<P extends Schema> {
  tags: string[];
  /** The `{code, msg}` statuses its calls declare. */
  errors: Errors;
  path: string;
  params?: P;
}

/** The same call, by method and path under the place, in every kind that has it. */
const CONVERSATION_ACTIONS = {
  messages: ['GET', '/messages'],
  pins: ['GET', '/pins'],
  read: ['POST', '/read'],
  reads: ['GET', '/reads'],
  mute: ['PUT', '/mute'],
  clear: ['POST', '/clear'],
} as const satisfies Record<string, readonly [HTTPMethods, string]>;

const MESSAGE_ACTIONS = {
  edit: ['PATCH', ''],
  remove: ['DELETE', ''],
  pin: ['PUT', '/pin'],
  /** A toggle: the reaction goes on, or off when it was on. */
  react: ['POST', '/reactions'],
} as const satisfies Record<string, readonly [HTTPMethods, string]>;

export type ConversationAction = keyof typeof CONVERSATION_ACTIONS;
export type MessageAction = keyof typeof MESSAGE_ACTIONS;

/**
 * Declares one route with its zod schemas. The schemas validate the request before `run` sees it, so what `run` is
 * typed to receive is what it gets; the kit's callers are typed by their specs.
 */
function declare<P extends Schema, I extends Schema | undefined, R extends Schema>(
  app: App,
  place: RoutePlace<P>,
  method: HTTPMethods,
  url: string,
  spec: ActionSpec<P, I, R>,
) {
  const input = spec.input && (method === 'GET' ? { querystring: spec.input } : { body: spec.input });
  // Typed as a plain schema: the spec's generics, not the route's, type what `run` takes and answers.
  const schema: FastifySchema = {
    tags: place.tags,
    security: bearer,
    ...(spec.description && { description: spec.description }),
    ...(place.params && { params: place.params }),
    ...input,
    response: { 200: spec.response, ...place.errors },
  };
  app.route({
    method,
    url,
    schema,
    handler: async (request) => {
      const given = spec.input ? (method === 'GET' ? request.query : request.body) : undefined;
      return spec.run(currentUserId(request), request.params as z.output<P>, given as Parameters<Run<P, I, R>>[2]);
    },
  });
}

/**
 * A conversation kind's calls on the conversation: its messages page, pins, reading, mute and Clear chat, each at
 * the same method and path in every kind (groups, channels, direct chat), with the kind's schemas and service.
 */
export function conversationRoutes<P extends Schema>(app: App, place: RoutePlace<P>) {
  const route = <I extends Schema | undefined, R extends Schema>(action: ConversationAction, spec: ActionSpec<P, I, R>) => {
    const [method, suffix] = CONVERSATION_ACTIONS[action];
    declare(app, place, method, place.path + suffix, spec);
  };
  return {
    route,
    /**
     * PUT …/mute `{muted, until?}` and POST …/clear (Clear chat), which take and answer the same in every kind that
     * has both: only the service calls and what Clear chat hides differ.
     */
    muteAndClear(adapter: {
      mute(me: number, params: z.output<P>, muted: boolean, until: string | null | undefined): Promise<z.input<typeof muteResultSchema>>;
      clear(me: number, params: z.output<P>): Promise<z.input<typeof clearResultSchema>>;
      clearDescription: string;
    }) {
      route('mute', {
        input: muteBodySchema,
        response: muteResultSchema,
        run: (me, params, body) => adapter.mute(me, params, body.muted, body.until),
      });
      route('clear', { description: adapter.clearDescription, response: clearResultSchema, run: adapter.clear });
    },
  };
}

/**
 * A conversation kind's calls on one of its messages: edit, delete, pin and reactions (a toggle, or `reactions`:
 * PUT adds and DELETE takes back the emoji in the path), each answering the message in the kind's `response`.
 */
export function messageRoutes<P extends Schema, R extends Schema>(app: App, place: RoutePlace<P> & { response: R }) {
  return {
    route<I extends Schema | undefined>(action: MessageAction, spec: MessageActionSpec<P, I, R>) {
      const [method, suffix] = MESSAGE_ACTIONS[action];
      declare(app, place, method, place.path + suffix, { ...spec, response: place.response });
    },
    /** PUT `…/reactions/:emoji` puts the caller's reaction on, DELETE takes it off; `params` carries the emoji. */
    reactions<E extends Schema>(params: E, run: (me: number, params: z.output<E>, on: boolean) => Promise<z.input<R>>) {
      const at = { ...place, params };
      for (const [method, on] of [
        ['PUT', true],
        ['DELETE', false],
      ] as const)
        declare(app, at, method, `${place.path}/reactions/:emoji`, {
          response: place.response,
          run: (me, p) => run(me, p, on),
        });
    },
  };
}
