import { callIdPayloadSchema, callSignalPayloadSchema, callStartPayloadSchema } from '@tribeverse/shared';
import type { FastifyBaseLogger } from 'fastify';
import { toSocketFailure } from '../../lib/socket-failure.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import type { ChatNamespace } from '../../realtime/io.ts';
import type { MemberEvents, MemberSocket, Reply } from '../../realtime/member-events.ts';
import type { CallsService } from './calls.service.ts';

/**
 * The socket side of calls: every payload parsed with the shared schemas, every call id checked by the service
 * against the caller. A socket that started or answered a call is remembered here (it is on this process by
 * definition), so its closing ends the call without a query for every other socket that closes.
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
  const fail = (reply: Reply) => (error: unknown) => reply(toSocketFailure(error, log, 'calls'));

  events.on('call:start', { cost: 'send' }, (socket, payload, reply) =>
    (async () => {
      const input = parseOrThrow(callStartPayloadSchema, payload);
      await deps.assertMayWrite(socket.data.userId);
      const call = await calls.start(socket.data.userId, socket.id, input);
      inCall.set(socket, call.id);
      reply({ ok: true, call });
    })().catch(fail(reply)),
  );

  events.on('call:accept', { cost: 'send' }, (socket, payload, reply) =>
    (async () => {
      const { call_id } = parseOrThrow(callIdPayloadSchema, payload);
      const call = await calls.accept(socket.data.userId, socket.id, call_id);
      inCall.set(socket, call.id);
      reply({ ok: true, call });
    })().catch(fail(reply)),
  );

  events.on('call:decline', { cost: 'send' }, (socket, payload, reply) =>
    (async () => {
      const { call_id } = parseOrThrow(callIdPayloadSchema, payload);
      await calls.decline(socket.data.userId, call_id);
      reply({ ok: true });
    })().catch(fail(reply)),
  );

  events.on('call:hangup', { cost: 'send' }, (socket, payload, reply) =>
    (async () => {
      const { call_id } = parseOrThrow(callIdPayloadSchema, payload);
      await calls.hangUp(socket.data.userId, call_id);
      if (inCall.get(socket) === call_id) inCall.delete(socket);
      reply({ ok: true });
    })().catch(fail(reply)),
  );

  // Candidates come in bursts of a dozen or so per call: the read budget holds them.
  events.on('call:signal', { cost: 'read' }, (socket, payload, reply) =>
    (async () => {
      const signal = parseOrThrow(callSignalPayloadSchema, payload);
      await calls.signal(socket.data.userId, socket.id, signal);
      reply({ ok: true });
    })().catch(fail(reply)),
  );

  // socket.io calls this with the socket as `this`: one listener for all sockets.
  function disconnected(this: MemberSocket) {
    const callId = inCall.get(this);
    if (!callId) return;
    inCall.delete(this);
    deps.track(calls.socketClosed(callId, this.id).catch((error: unknown) => log.warn({ err: error }, 'could not end a call')));
  }
  chat.on('connection', (socket) => socket.on('disconnect', disconnected));
}
