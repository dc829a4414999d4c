import { groupSendPayloadSchema, groupTypingPayloadSchema } from '@tribeverse/shared';
import type { FastifyBaseLogger } from 'fastify';
import { toSocketFailure } from '../../lib/socket-failure.ts';
import type { MemberBudget } from '../../lib/member-budget.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import type { ChatNamespace } from '../../realtime/io.ts';
import type { MemberEvents, MemberSocket } from '../../realtime/member-events.ts';
import { userRoom } from '../../realtime/rooms.ts';
import { groupRoom } from './chat-groups.events.ts';
import type { ChatGroupsService } from './chat-groups.service.ts';
import type { ChatGroupMessagesService } from './chat-groups-messages.service.ts';
import { TypingThrottle } from './chat-socket-limits.ts';

/** Typing in a group, handed over by chat's typing:start / typing:stop when the payload names a group. */
export type GroupTyping = (socket: MemberSocket, payload: unknown, typing: boolean) => boolean;

/**
 * The socket side of group chats: a member's sockets are in their groups' rooms before they connect; group:send uses
 * the same schema and service as HTTP, charged to the member's send budget (shared with every chat send) by the
 * namespace's one dispatcher (realtime/member-events.ts). Returns the typing handler chat's typing events defer to.
 */
export function registerGroupsSocket(
  ns: ChatNamespace,
  deps: {
    events: MemberEvents;
    groups: ChatGroupsService;
    messages: ChatGroupMessagesService;
    sendBudget: MemberBudget;
    /**
     * The writer check (auth.guard.ts): undefined when the member is known to be a writer, else the member's one
     * lookup under way. Awaited only when there is one, so sends keep the order they were sent in.
     */
    checkWriter: (userId: number) => Promise<void> | undefined;
    log: FastifyBaseLogger;
    track?: (work: Promise<unknown>) => void;
    /** Realtime.roomLeaves: whether a removal can have slipped between a connect's lookup and its join. */
    roomLeaves: () => number;
  },
): GroupTyping {
  const { events, groups, messages, log } = deps;
  const typingThrottle = new TypingThrottle();
  const typingChains = new WeakMap<MemberSocket, Promise<unknown>>();

  // Joined during the handshake, as the member's own room is (realtime/io.ts): when the client hears `connect`, its
  // socket already hears its groups. A removal that landed between the lookup and the join moved only the sockets
  // already in place: a second lookup catches it, before the socket connects; only needed when some socket was taken
  // out of a room meanwhile, which in a reconnect storm is almost never.
  ns.use((socket, next) => {
    const me = socket.data.userId;
    const leaves = deps.roomLeaves();
    groups
      .groupIdsOf(me)
      .then(async (ids) => {
        if (!ids.length) return;
        await socket.join(ids.map(groupRoom));
        if (deps.roomLeaves() === leaves) return;
        const still = new Set(await groups.groupIdsOf(me));
        for (const id of ids) if (!still.has(id)) await socket.leave(groupRoom(id));
      })
      .then(
        () => next(),
        (error: unknown) => {
          // The member still connects: private chat and everything else work, and their groups load over HTTP.
          log.warn({ err: error }, 'could not join the group rooms');
          next();
        },
      );
  });

  function disconnected(this: MemberSocket) {
    const me = this.data.userId;
    if (!ns.adapter.rooms.get(userRoom(me))?.size) typingThrottle.forget(me);
  }
  ns.on('connection', (socket) => void socket.on('disconnect', disconnected));

  events.on('group:send', { cost: 'send', shared: deps.sendBudget }, async (socket, payload, reply) => {
    const me = socket.data.userId;
    try {
      const { group_id, ...input } = parseOrThrow(groupSendPayloadSchema, payload);
      // Awaited only while the member's check runs: a known writer's send keeps its place.
      const writerCheck = deps.checkWriter(me);
      if (writerCheck) await writerCheck;
      reply({ ok: true, message: await messages.send(me, group_id, input, undefined, socket.id) });
    } catch (error) {
      reply(toSocketFailure(error, log, 'group'));
    }
  });

  return (socket, payload, typing) => {
    const parsed = groupTypingPayloadSchema.safeParse(payload);
    if (!parsed.success) return false;
    const me = socket.data.userId;
    const groupId = parsed.data.group_id;
    if (!typingThrottle.allow(me, groupId, typing)) return true;
    // Each check is a query: one tab's typing events go out in the order they came.
    const next = (typingChains.get(socket) ?? Promise.resolve()).then(() =>
      messages.typing(me, groupId, typing).catch((error: unknown) => log.warn({ err: error }, 'group typing failed')),
    );
    typingChains.set(socket, next);
    deps.track?.(next);
    return true;
  };
}
