import { markReadBodySchema, presenceWatchPayloadSchema, sendMessageBodySchema, typingPayloadSchema } from '@tribeverse/shared';
import type { FastifyBaseLogger } from 'fastify';
import { toSocketFailure } from '../../lib/socket-failure.ts';
import type { ChatNamespace } from '../../realtime/io.ts';
import type { PresenceTracker } from './chat-presence.ts';
import type { ChatService } from './chat.service.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { presenceRoom, userRoom } from '../../realtime/rooms.ts';
import { TypingThrottle } from './chat-socket-limits.ts';
import type { MemberBudget } from '../../lib/member-budget.ts';
import type { MemberEvents, MemberSocket } from '../../realtime/member-events.ts';
import type { GroupTyping } from './chat-groups.socket.ts';

/**
 * The socket side of chat: the same schemas and the same service as HTTP.
 *
 * The handlers are made once for the namespace, not once per socket (the events go through the namespace's one
 * dispatcher, realtime/member-events.ts, which charges each to its member's budget first): a socket holds a listener
 * for its disconnect, and state only once it needs some (a chat open, a first send), so ten thousand connected members
 * cost little more memory than ten thousand bare sockets.
 */
export function registerChatSocket(
  chat: ChatNamespace,
  deps: {
    /** Where the client events are registered, each charged to its member's budget before it runs. */
    events: MemberEvents;
    service: ChatService;
    presence: PresenceTracker;
    log: FastifyBaseLogger;
    /**
     * The writer check (auth.guard.ts): undefined when the member is known to be a writer, else the member's one
     * lookup under way. Awaited only when there is one, so sends keep the order they were sent in.
     */
    checkWriter: (userId: number) => Promise<void> | undefined;
    /** The member's send budget, shared with HTTP sends, every session and every process. */
    sendBudget: MemberBudget;
    /** Background work is handed over so a shutdown lets it finish. */
    track?: (work: Promise<unknown>) => void;
    /** Typing in a group (`{group_id}`): handled there when the payload names one. */
    groupTyping?: GroupTyping;
  },
) {
  const { events, service, presence, log, checkWriter } = deps;
  // What is relayed, not what comes in (that is the typing budget's): repeats of a start are not told the peer again.
  const typingThrottle = new TypingThrottle();
  const quietly = (work: Promise<unknown>) => {
    const done = work.catch((error) => log.warn({ err: error }, 'chat socket background work failed'));
    deps.track?.(done);
    return done;
  };

  /** The peer of the chat open in each tab; their presence reaches it even before a first message. */
  const watching = new WeakMap<MemberSocket, number>();
  function unwatch(socket: MemberSocket) {
    const peerId = watching.get(socket);
    if (peerId !== undefined) void socket.leave(presenceRoom(peerId));
    watching.delete(socket);
  }

  const typingChains = new WeakMap<MemberSocket, Promise<unknown>>();
  const typing = (on: boolean) => (socket: MemberSocket, payload: unknown) => {
    if (deps.groupTyping?.(socket, payload, on)) return;
    const me = socket.data.userId;
    const parsed = typingPayloadSchema.safeParse(payload);
    if (!parsed.success || !typingThrottle.allow(me, parsed.data.peer_id, on)) return;
    // Each check is a query: with a pool of connections a stop could overtake its start. One tab's typing events go
    // out in the order they came.
    const previous = typingChains.get(socket) ?? Promise.resolve();
    const next = previous.then(() => quietly(service.typing(me, parsed.data.peer_id, on)));
    typingChains.set(socket, next);
  };

  // Sends draw from the member's chat budget too, the one HTTP sends draw from: a bad payload counts, as over HTTP.
  events.on('message:send', { cost: 'send', shared: deps.sendBudget }, async (socket, payload, reply) => {
    try {
      const input = parseOrThrow(sendMessageBodySchema, payload);
      // Awaited only while the member's check runs: a known writer's send joins the queue in the turn it arrived.
      const writerCheck = checkWriter(socket.data.userId);
      if (writerCheck) await writerCheck;
      const message = await service.send(socket.data.userId, input, undefined, socket.id);
      reply({ ok: true, message });
    } catch (error) {
      reply(toSocketFailure(error, log, 'chat'));
    }
  });

  events.on('message:read', { cost: 'read' }, async (socket, payload, reply) => {
    try {
      const result = await service.markRead(socket.data.userId, parseOrThrow(markReadBodySchema, payload));
      reply({ ok: true, ...result });
    } catch (error) {
      reply(toSocketFailure(error, log, 'chat'));
    }
  });

  events.on('presence:watch', { cost: 'read' }, async (socket, payload, reply) => {
    try {
      const { peer_id } = parseOrThrow(presenceWatchPayloadSchema, payload);
      await service.assertMayWatchPresence(socket.data.userId, peer_id);
      unwatch(socket);
      watching.set(socket, peer_id);
      await socket.join(presenceRoom(peer_id));
      reply({ ok: true });
    } catch (error) {
      reply(toSocketFailure(error, log, 'chat'));
    }
  });

  events.on('presence:unwatch', { cost: 'cheap' }, (socket) => unwatch(socket));
  events.on('typing:start', { cost: 'typing' }, typing(true));
  events.on('typing:stop', { cost: 'typing' }, typing(false));

  // socket.io calls this with the socket as `this`: one listener for all sockets, not a closure each.
  function disconnected(this: MemberSocket) {
    const me = this.data.userId;
    if (!chat.adapter.rooms.get(userRoom(me))?.size) typingThrottle.forget(me);
    void quietly(presence.disconnected(me));
  }

  chat.on('connection', (socket) => {
    void quietly(presence.connected(socket.data.userId));
    socket.on('disconnect', disconnected);
  });
}
