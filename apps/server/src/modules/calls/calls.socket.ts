import {
  callIdPayloadSchema,
  callResumePayloadSchema,
  callSignalPayloadSchema,
  callStartPayloadSchema,
  type ClientToServerEvents,
  type z,
} from '@tribeverse/shared';
import type { FastifyBaseLogger } from 'fastify';
import { toSocketFailure } from '../../lib/socket-failure.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import type { ChatNamespace } from '../../realtime/io.ts';
import type { EventClass, MemberEvents, MemberSocket } from '../../realtime/member-events.ts';
import type { CallsService } from './calls.service.ts';

/**
 * The socket side of calls: every payload parsed with the shared schemas, every call id checked by the service
 * against the caller. A socket that started or answered a call is remembered here (it is on this process by
 * definition), so its closing is told to the service without a query for every other socket that closes.
 */
export function registerCallsSocket(
  chat: ChatNamespace,
  deps: {
    events: MemberEvents;
    calls: CallsService;
    assertMayWrite(userId: number): Promise<void>;
    log: FastifyBaseLogger;
    track(work: Promise<unknown>): void;
  },
) {
  const { events, calls, log } = deps;
  const inCall = new WeakMap<MemberSocket, string>();
  /** One handler: the payload parsed with its schema, the work done, its answer (or error) as the ack. */
  const handle = <S extends z.ZodType>(
    event: keyof ClientToServerEvents,
    cost: EventClass,
    schema: S,
    work: (socket: MemberSocket, input: z.output<S>) => Promise<object>,
  ) =>
    events.on(event, { cost }, (socket, payload, reply) =>
      Promise.resolve()
        .then(() => work(socket, parseOrThrow(schema, payload)))
        .then((answer) => reply({ ok: true, ...answer }))
        .catch((error: unknown) => reply(toSocketFailure(error, log, 'calls'))),
    );

  handle('call:start', 'send', callStartPayloadSchema, async (socket, input) => {
    await deps.assertMayWrite(socket.data.userId);
    const call = await calls.start(socket.data.userId, socket.id, input);
    inCall.set(socket, call.id);
    return { call };
  });
  handle('call:accept', 'send', callIdPayloadSchema, async (socket, { call_id }) => {
    const call = await calls.accept(socket.data.userId, socket.id, call_id);
    inCall.set(socket, call.id);
    return { call };
  });
  handle('call:decline', 'send', callIdPayloadSchema, async (socket, { call_id }) => {
    await calls.decline(socket.data.userId, call_id);
    return {};
  });
  handle('call:hangup', 'send', callIdPayloadSchema, async (socket, { call_id }) => {
    await calls.hangUp(socket.data.userId, call_id);
    if (inCall.get(socket) === call_id) inCall.delete(socket);
    return {};
  });
  // A reconnected tab takes its member's place in the call again: from here on its closing is what counts.
  handle('call:resume', 'send', callResumePayloadSchema, async (socket, { call_id }) => {
    const call = await calls.resume(socket.data.userId, socket.id, call_id);
    inCall.set(socket, call.id);
    return { call };
  });
  // Candidates come in bursts of a dozen or so per call: the read budget holds them.
  handle('call:signal', 'read', callSignalPayloadSchema, async (socket, signal) => {
    await calls.signal(socket.data.userId, socket.id, signal);
    return {};
  });

  // socket.io calls this with the socket as `this`: one listener for all sockets.
  function disconnected(this: MemberSocket) {
    const callId = inCall.get(this);
    if (!callId) return;
    inCall.delete(this);
    deps.track(calls.socketClosed(callId, this.id).catch((error: unknown) => log.warn({ err: error }, 'could not end a call')));
  }
  chat.on('connection', (socket) => socket.on('disconnect', disconnected));
}
