import { communityReadPayloadSchema, communitySendPayloadSchema, communityWatchPayloadSchema } from '@tribeverse/shared';
import type { FastifyBaseLogger } from 'fastify';
import { toSocketFailure } from '../../lib/socket-failure.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import type { ChatNamespace } from '../../realtime/io.ts';
import type { MemberEvents, MemberSocket } from '../../realtime/member-events.ts';
import type { CommunityChatService } from './communities-chat.service.ts';
import type { CommunityReadsService } from './communities-reads.service.ts';
import { chatRoom, communityRoom, type CommunityRealtime } from './communities-realtime.ts';

const CHAT_ROOM = /^community:(\d+):chat$/;

/**
 * The socket side of communities: a member's sockets are in their communities' rooms from connect, and in one
 * community's chat room while that chat is open (community:watch; the members chatting now are counted from it).
 * Sending and reading use the same schemas and the same service as HTTP, registered with the namespace's one
 * dispatcher (realtime/member-events.ts), which charges each event to its member's budget before it runs.
 */
export function registerCommunitiesSocket(
  ns: ChatNamespace,
  deps: {
    events: MemberEvents;
    chat: CommunityChatService;
    reads: CommunityReadsService;
    realtime: CommunityRealtime;
    memberCommunityIds: (userId: number) => Promise<number[]>;
    /** Throws unless the member is in the community (404 for a private one's outsider, 403 for a public one's). */
    assertMember: (userId: number, communityId: number) => Promise<void>;
    /**
     * The writer check (auth.guard.ts): undefined when the member is known to be a writer, else the member's one
     * lookup under way. Awaited only when there is one, so sends keep the order they were sent in.
     */
    checkWriter: (userId: number) => Promise<void> | undefined;
    log: FastifyBaseLogger;
    /** Realtime.roomLeaves: whether a removal can have slipped between a connect's lookup and its join. */
    roomLeaves: () => number;
  },
) {
  const { events, chat, realtime, log } = deps;
  /** The community whose chat each socket has open: one per socket (a tab shows one chat). */
  const watching = new WeakMap<MemberSocket, number>();

  const unwatch = async (socket: MemberSocket) => {
    const id = watching.get(socket);
    if (id === undefined) return;
    watching.delete(socket);
    await socket.leave(chatRoom(id));
    realtime.changed([id], socket.data.userId);
  };

  ns.on('connection', (socket) => {
    const me = socket.data.userId;
    const leaves = deps.roomLeaves();
    void deps
      .memberCommunityIds(me)
      .then(async (ids) => {
        if (!ids.length || socket.disconnected) return;
        await socket.join(ids.map(communityRoom));
        // A removal that landed while this socket was joining moved only the sockets already in place: look again,
        // when some socket was taken out of a room meanwhile.
        if (deps.roomLeaves() !== leaves) {
          const still = new Set(await deps.memberCommunityIds(me));
          for (const id of ids) if (!still.has(id)) await socket.leave(communityRoom(id));
          ids = ids.filter((id) => still.has(id));
        }
        realtime.greet(ids, socket.id);
      })
      .catch((error) => log.warn({ err: error }, 'could not join the community rooms'));

    // The rooms are still known while disconnecting; gone once disconnected (a chat open in them closes with them).
    socket.on('disconnecting', () => {
      const ids = [...socket.rooms].map((room) => Number(CHAT_ROOM.exec(room)?.[1])).filter((id) => id > 0);
      if (ids.length) socket.once('disconnect', () => realtime.changed(ids, me));
    });
  });

  events.on('community:send', { cost: 'send' }, async (socket, payload, reply) => {
    const me = socket.data.userId;
    try {
      const { community_id, channel_id, ...input } = parseOrThrow(communitySendPayloadSchema, payload);
      // Awaited only while the member's check runs: a known writer's send keeps its place.
      const writerCheck = deps.checkWriter(me);
      if (writerCheck) await writerCheck;
      reply({ ok: true, message: await chat.send(me, community_id, channel_id ?? null, input, undefined, socket.id) });
    } catch (error) {
      reply(toSocketFailure(error, log, 'community'));
    }
  });

  /**
   * The socket opened a community's chat: it counts among the members chatting there until it unwatches, watches
   * another, disconnects, or the member leaves (their sockets leave both rooms). Members only.
   */
  events.on('community:watch', { cost: 'read' }, async (socket, payload, reply) => {
    const me = socket.data.userId;
    try {
      const { community_id } = parseOrThrow(communityWatchPayloadSchema, payload);
      await deps.assertMember(me, community_id);
      if (watching.get(socket) !== community_id) await unwatch(socket);
      await socket.join([communityRoom(community_id), chatRoom(community_id)]);
      watching.set(socket, community_id);
      // A removal that landed meanwhile moved only the sockets already in the rooms: look again.
      await deps.assertMember(me, community_id).catch(async (error: unknown) => {
        watching.delete(socket);
        await socket.leave(chatRoom(community_id));
        await socket.leave(communityRoom(community_id));
        throw error;
      });
      realtime.changed([community_id], me, socket.id);
      reply({ ok: true });
    } catch (error) {
      reply(toSocketFailure(error, log, 'community'));
    }
  });

  events.on('community:unwatch', { cost: 'cheap' }, async (socket, _payload, reply) => {
    await unwatch(socket);
    reply({ ok: true });
  });

  events.on('community:read', { cost: 'read' }, async (socket, payload, reply) => {
    try {
      const { community_id, up_to_id, channel_id } = parseOrThrow(communityReadPayloadSchema, payload);
      reply({ ok: true, ...(await deps.reads.markRead(socket.data.userId, community_id, up_to_id, channel_id)) });
    } catch (error) {
      reply(toSocketFailure(error, log, 'community'));
    }
  });
}
