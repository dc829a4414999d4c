import { ErrorCode, communityReadPayloadSchema, communitySendPayloadSchema } from '@tribeverse/shared';
import type { FastifyBaseLogger } from 'fastify';
import { databaseErrorToAppError } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import type { ChatNamespace } from '../../realtime/io.ts';
import type { MemberEvents, MemberSocket } from '../../realtime/member-events.ts';
import type { CommunityChatService } from './communities-chat.service.ts';
import type { CommunityReadsService } from './communities-reads.service.ts';
import { communityRoom, type CommunityRealtime } from './communities-realtime.ts';

type Failure = { ok: false; code: string; msg: string };

function toFailure(error: unknown, log: FastifyBaseLogger): Failure {
  const appError = error instanceof AppError ? error : databaseErrorToAppError(error);
  if (appError) return { ok: false, code: appError.code, msg: appError.message };
  log.error({ err: error }, 'community socket handler failed');
  return { ok: false, code: ErrorCode.INTERNAL, msg: 'Something went wrong on our side. Please try again.' };
}

const ROOM = /^community:(\d+)$/;

/**
 * The socket side of communities: a member's sockets are in their communities' rooms from connect; sending and
 * reading use the same schemas and the same service as HTTP, registered with the namespace's one dispatcher
 * (realtime/member-events.ts), which charges each event to its member's budget before it runs.
 */
export function registerCommunitiesSocket(
  ns: ChatNamespace,
  deps: {
    events: MemberEvents;
    chat: CommunityChatService;
    reads: CommunityReadsService;
    realtime: CommunityRealtime;
    memberCommunityIds: (userId: number) => Promise<number[]>;
    assertProfileSet: (userId: number) => Promise<void>;
    log: FastifyBaseLogger;
  },
) {
  const { events, chat, realtime, log } = deps;
  /** Set-up profiles are never undone: one check per socket, not one per message. */
  const writers = new WeakSet<MemberSocket>();

  ns.on('connection', (socket) => {
    const me = socket.data.userId;
    void deps
      .memberCommunityIds(me)
      .then(async (ids) => {
        if (!ids.length || socket.disconnected) return;
        await socket.join(ids.map(communityRoom));
        // A removal that landed while this socket was joining moved only the sockets already in place: look again.
        const still = new Set(await deps.memberCommunityIds(me));
        for (const id of ids) if (!still.has(id)) await socket.leave(communityRoom(id));
        realtime.changed(ids, me, socket.id);
      })
      .catch((error) => log.warn({ err: error }, 'could not join the community rooms'));

    // The rooms are still known while disconnecting; gone once disconnected.
    socket.on('disconnecting', () => {
      const ids = [...socket.rooms].map((room) => Number(ROOM.exec(room)?.[1])).filter((id) => id > 0);
      if (ids.length) socket.once('disconnect', () => realtime.changed(ids, me));
    });
  });

  events.on('community:send', { cost: 'send' }, async (socket, payload, reply) => {
    const me = socket.data.userId;
    try {
      const { community_id, channel_id, ...input } = parseOrThrow(communitySendPayloadSchema, payload);
      if (!writers.has(socket)) {
        await deps.assertProfileSet(me);
        writers.add(socket);
      }
      reply({ ok: true, message: await chat.send(me, community_id, channel_id ?? null, input, undefined, socket.id) });
    } catch (error) {
      reply(toFailure(error, log));
    }
  });

  events.on('community:read', { cost: 'read' }, async (socket, payload, reply) => {
    try {
      const { community_id, up_to_id, channel_id } = parseOrThrow(communityReadPayloadSchema, payload);
      reply({ ok: true, ...(await deps.reads.markRead(socket.data.userId, community_id, up_to_id, channel_id)) });
    } catch (error) {
      reply(toFailure(error, log));
    }
  });
}
