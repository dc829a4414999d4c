import { ErrorCode, markReadBodySchema, presenceWatchPayloadSchema, sendMessageBodySchema, typingPayloadSchema } from '@tribeverse/shared';
import type { FastifyBaseLogger } from 'fastify';
import { databaseErrorToAppError } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChatNamespace } from '../../realtime/io.ts';
import type { PresenceTracker } from './chat.presence.ts';
import type { ChatService } from './chat.service.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { presenceRoom, userRoom } from '../../realtime/rooms.ts';
import { TypingThrottle, WindowLimiter } from './chat.socket-limits.ts';
import type { MemberBudget } from '../../lib/member-budget.ts';

type Failure = { ok: false; code: string; msg: string };
type ChatSocket = Parameters<Parameters<ChatNamespace['on']>[1]>[0];
type Ack = (response: object) => void;

function toFailure(error: unknown, log: FastifyBaseLogger): Failure {
  const appError = error instanceof AppError ? error : databaseErrorToAppError(error);
  if (appError) return { ok: false, code: appError.code, msg: appError.message };
  log.error({ err: error }, 'chat socket handler failed');
  return { ok: false, code: ErrorCode.INTERNAL, msg: 'Something went wrong on our side. Please try again.' };
}

/**
 * The socket side of chat: the same schemas and the same service as HTTP.
 *
 * The handlers are made once for the namespace, not once per socket: a socket holds one catch-all listener and one
 * for its disconnect, and state only once it needs some (a chat open, a first send), so ten thousand connected members
 * cost little more memory than ten thousand bare sockets.
 */
export function registerChatSocket(
  chat: ChatNamespace,
  deps: {
    service: ChatService;
    presence: PresenceTracker;
    log: FastifyBaseLogger;
    profileGate: { assertProfileSet(userId: number): Promise<void> };
    /** Messages a member may send per minute over the socket: the HTTP send's limit. */
    sendsPerMinute: number;
    /** The member's send budget, shared with HTTP sends, every session and every process. */
    sendBudget: MemberBudget;
    /** Background work is handed over so a shutdown lets it finish. */
    track?: (work: Promise<unknown>) => void;
  },
) {
  const { service, presence, log, profileGate } = deps;
  const sends = deps.sendBudget;
  // Each typing event costs a block check in the database: bounded per member, and repeats are dropped first.
  const typingEvents = new WindowLimiter(deps.sendsPerMinute, 60_000);
  const typingThrottle = new TypingThrottle();
  const watches = new WindowLimiter(deps.sendsPerMinute, 60_000);
  const quietly = (work: Promise<unknown>) => {
    const done = work.catch((error) => log.warn({ err: error }, 'chat socket background work failed'));
    deps.track?.(done);
    return done;
  };
  const answer = (ack: unknown): Ack => (typeof ack === 'function' ? (ack as Ack) : () => {});

  /**
   * A confirmed email and a set-up profile are never undone, so one check per socket is enough, not one query per
   * message. Sends that arrive while it runs wait for the same check, so they still reach the queue in the order they
   * were sent; a failed check is asked again with the next send (the member may have finished since).
   */
  const writerChecks = new WeakMap<ChatSocket, Promise<void> | 'passed'>();
  /** Undefined once the socket passed: a send then waits for nothing before it joins the queue. */
  function assertWriter(socket: ChatSocket): Promise<void> | undefined {
    const known = writerChecks.get(socket);
    if (known === 'passed') return undefined;
    if (known) return known;
    const check: Promise<void> = profileGate.assertProfileSet(socket.data.userId).then(
      () => void writerChecks.set(socket, 'passed'),
      (error: unknown) => {
        // A failed check is asked again with the next send.
        writerChecks.delete(socket);
        throw error;
      },
    );
    writerChecks.set(socket, check);
    return check;
  }

  /** The peer of the chat open in each tab; their presence reaches it even before a first message. */
  const watching = new WeakMap<ChatSocket, number>();
  function unwatch(socket: ChatSocket) {
    const peerId = watching.get(socket);
    if (peerId !== undefined) void socket.leave(presenceRoom(peerId));
    watching.delete(socket);
  }

  const typingChains = new WeakMap<ChatSocket, Promise<unknown>>();
  const typing = (on: boolean) => (socket: ChatSocket, payload: unknown) => {
    const me = socket.data.userId;
    const parsed = typingPayloadSchema.safeParse(payload);
    if (!parsed.success || !typingThrottle.allow(me, parsed.data.peer_id, on) || !typingEvents.take(me)) return;
    // Each check is a query: with a pool of connections a stop could overtake its start. One tab's typing events go
    // out in the order they came.
    const previous = typingChains.get(socket) ?? Promise.resolve();
    const next = previous.then(() => quietly(service.typing(me, parsed.data.peer_id, on)));
    typingChains.set(socket, next);
  };

  const handlers: Record<string, (socket: ChatSocket, payload: unknown, ack: unknown) => void | Promise<void>> = {
    async 'message:send'(socket, payload, ack) {
      const me = socket.data.userId;
      const reply = answer(ack);
      const budget = sends.takeHere(me) ?? (await sends.take(me).catch(() => ({ allowed: true, retryIn: 0 })));
      if (!budget.allowed) {
        reply({ ok: false, code: ErrorCode.RATE_LIMITED, msg: `Too many messages. Try again in ${budget.retryIn} seconds.` });
        return;
      }
      try {
        const input = parseOrThrow(sendMessageBodySchema, payload);
        const writerCheck = assertWriter(socket);
        if (writerCheck) await writerCheck;
        const message = await service.send(me, input, undefined, socket.id);
        reply({ ok: true, message });
      } catch (error) {
        reply(toFailure(error, log));
      }
    },

    async 'message:read'(socket, payload, ack) {
      const reply = answer(ack);
      try {
        const result = await service.markRead(socket.data.userId, parseOrThrow(markReadBodySchema, payload));
        reply({ ok: true, ...result });
      } catch (error) {
        reply(toFailure(error, log));
      }
    },

    async 'presence:watch'(socket, payload, ack) {
      const me = socket.data.userId;
      const reply = answer(ack);
      if (!watches.take(me)) {
        reply({ ok: false, code: ErrorCode.RATE_LIMITED, msg: `Too many requests. Try again in ${watches.retryInSeconds()} seconds.` });
        return;
      }
      try {
        const { peer_id } = parseOrThrow(presenceWatchPayloadSchema, payload);
        await service.assertMayWatchPresence(me, peer_id);
        unwatch(socket);
        watching.set(socket, peer_id);
        await socket.join(presenceRoom(peer_id));
        reply({ ok: true });
      } catch (error) {
        reply(toFailure(error, log));
      }
    },

    'presence:unwatch': (socket) => unwatch(socket),
    'typing:start': typing(true),
    'typing:stop': typing(false),
  };

  // socket.io calls these with the socket as `this`.
  function dispatch(this: ChatSocket, event: string, payload?: unknown, ack?: unknown) {
    const handler = Object.hasOwn(handlers, event) ? handlers[event] : undefined;
    if (handler) void handler(this, payload, ack);
  }
  function disconnected(this: ChatSocket) {
    const me = this.data.userId;
    if (!chat.adapter.rooms.get(userRoom(me))?.size) typingThrottle.forget(me);
    void quietly(presence.disconnected(me));
  }

  chat.on('connection', (socket) => {
    void quietly(presence.connected(socket.data.userId));
    socket.onAny(dispatch);
    socket.on('disconnect', disconnected);
  });
}
