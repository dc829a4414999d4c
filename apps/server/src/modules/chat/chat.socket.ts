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

function toFailure(error: unknown, log: FastifyBaseLogger): Failure {
  const appError = error instanceof AppError ? error : databaseErrorToAppError(error);
  if (appError) return { ok: false, code: appError.code, msg: appError.message };
  log.error({ err: error }, 'chat socket handler failed');
  return { ok: false, code: ErrorCode.INTERNAL, msg: 'Something went wrong on our side. Please try again.' };
}

/** The socket side of chat: the same schemas and the same service as HTTP. */
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
  },
) {
  const { service, presence, log, profileGate } = deps;
  const sends = deps.sendBudget;
  // Each typing event costs a block check in the database: bounded per member, and repeats are dropped first.
  const typingEvents = new WindowLimiter(deps.sendsPerMinute, 60_000);
  const typingThrottle = new TypingThrottle();
  const watches = new WindowLimiter(deps.sendsPerMinute, 60_000);
  const quietly = (work: Promise<unknown>) => work.catch((error) => log.warn({ err: error }, 'chat socket background work failed'));

  chat.on('connection', (socket) => {
    const me = socket.data.userId;
    // A confirmed email and a set-up profile are never undone, so one check per connection is enough, not one query
    // per message. Sends that arrive while it runs wait for the same check, so they still reach the queue in the
    // order they were sent; a failed check is asked again with the next send (the member may have finished since).
    let writerCheck: Promise<void> | null = null;
    const assertWriter = async () => {
      const check = (writerCheck ??= profileGate.assertProfileSet(me));
      try {
        await check;
      } catch (error) {
        if (writerCheck === check) writerCheck = null;
        throw error;
      }
    };
    void quietly(presence.connected(me));
    socket.on('disconnect', () => {
      if (!chat.adapter.rooms.get(userRoom(me))?.size) typingThrottle.forget(me);
      void quietly(presence.disconnected(me));
    });

    socket.on('message:send', async (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      const budget = await sends.take(me).catch(() => ({ allowed: true, retryIn: 0 }));
      if (!budget.allowed) {
        reply({ ok: false, code: ErrorCode.RATE_LIMITED, msg: `Too many messages. Try again in ${budget.retryIn} seconds.` });
        return;
      }
      try {
        const input = parseOrThrow(sendMessageBodySchema, payload);
        await assertWriter();
        const message = await service.send(me, input);
        reply({ ok: true, message });
      } catch (error) {
        reply(toFailure(error, log));
      }
    });

    socket.on('message:read', async (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      try {
        const result = await service.markRead(me, parseOrThrow(markReadBodySchema, payload));
        reply({ ok: true, ...result });
      } catch (error) {
        reply(toFailure(error, log));
      }
    });

    // The peer of the chat open in this tab; their presence reaches it even before a first message.
    let watching: number | null = null;
    const unwatch = () => {
      if (watching !== null) void socket.leave(presenceRoom(watching));
      watching = null;
    };
    socket.on('presence:watch', async (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      if (!watches.take(me)) {
        reply({ ok: false, code: ErrorCode.RATE_LIMITED, msg: `Too many requests. Try again in ${watches.retryInSeconds()} seconds.` });
        return;
      }
      try {
        const { peer_id } = parseOrThrow(presenceWatchPayloadSchema, payload);
        await service.assertMayWatchPresence(me, peer_id);
        unwatch();
        watching = peer_id;
        await socket.join(presenceRoom(peer_id));
        reply({ ok: true });
      } catch (error) {
        reply(toFailure(error, log));
      }
    });
    socket.on('presence:unwatch', unwatch);

    for (const [event, typing] of [
      ['typing:start', true],
      ['typing:stop', false],
    ] as const) {
      socket.on(event, (payload) => {
        const parsed = typingPayloadSchema.safeParse(payload);
        if (!parsed.success || !typingThrottle.allow(me, parsed.data.peer_id, typing) || !typingEvents.take(me)) return;
        void quietly(service.typing(me, parsed.data.peer_id, typing));
      });
    }
  });
}
