import { ErrorCode, communityReadPayloadSchema, communitySendPayloadSchema } from '@tribeverse/shared';
import type { FastifyBaseLogger } from 'fastify';
import { databaseErrorToAppError } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import type { ChatNamespace } from '../../realtime/io.ts';
import type { CommunityChatService } from './community-chat.service.ts';
import { communityRoom, type CommunityRealtime } from './communities.realtime.ts';

type Failure = { ok: false; code: string; msg: string };

function toFailure(error: unknown, log: FastifyBaseLogger): Failure {
  const appError = error instanceof AppError ? error : databaseErrorToAppError(error);
  if (appError) return { ok: false, code: appError.code, msg: appError.message };
  log.error({ err: error }, 'community socket handler failed');
  return { ok: false, code: ErrorCode.INTERNAL, msg: 'Something went wrong on our side. Please try again.' };
}

/** A fixed budget per member and minute, on this process. */
class Budget {
  private window = 0;
  private readonly used = new Map<number, number>();
  constructor(private readonly perMinute: number) {}
  take(userId: number) {
    const window = Math.floor(Date.now() / 60_000);
    if (window !== this.window) {
      this.window = window;
      this.used.clear();
    }
    const n = (this.used.get(userId) ?? 0) + 1;
    this.used.set(userId, n);
    return n <= this.perMinute;
  }
}

const ROOM = /^community:(\d+)$/;

/**
 * The socket side of communities: a member's sockets are in their communities' rooms from connect; sending and
 * reading use the same schemas and the same service as HTTP.
 */
export function registerCommunitiesSocket(
  ns: ChatNamespace,
  deps: {
    chat: CommunityChatService;
    realtime: CommunityRealtime;
    memberCommunityIds: (userId: number) => Promise<number[]>;
    assertProfileSet: (userId: number) => Promise<void>;
    log: FastifyBaseLogger;
    sendsPerMinute: number;
  },
) {
  const { chat, realtime, log } = deps;
  const sends = new Budget(deps.sendsPerMinute);

  ns.on('connection', (socket) => {
    const me = socket.data.userId;
    let profileSet = false;
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

    socket.on('community:send', async (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      if (!sends.take(me)) {
        reply({ ok: false, code: ErrorCode.RATE_LIMITED, msg: 'Too many messages. Try again in a minute.' });
        return;
      }
      try {
        const { community_id, ...input } = parseOrThrow(communitySendPayloadSchema, payload);
        if (!profileSet) {
          await deps.assertProfileSet(me);
          profileSet = true;
        }
        reply({ ok: true, message: await chat.send(me, community_id, input, undefined, socket.id) });
      } catch (error) {
        reply(toFailure(error, log));
      }
    });

    socket.on('community:read', async (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      try {
        const { community_id, up_to_id } = parseOrThrow(communityReadPayloadSchema, payload);
        reply({ ok: true, ...(await chat.markRead(me, community_id, up_to_id)) });
      } catch (error) {
        reply(toFailure(error, log));
      }
    });
  });
}
