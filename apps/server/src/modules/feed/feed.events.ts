import type { ServerToClientEvents } from '@tribeverse/shared';
import type { ChatNamespace } from '../../realtime/io.ts';
import { userRoom } from '../../realtime/rooms.ts';

type FeedEventName = 'post:new' | 'post:updated' | 'post:deleted' | 'post:liked' | 'post:shared' | 'comment:new' | 'comment:deleted';
type Payload<E extends FeedEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Who is on the other side of a block from any of these members. */
export interface BlockedAmong {
  blockedEitherWayIdsOfAny(userIds: number[]): Promise<number[]>;
}

/**
 * Feed events go to every signed-in member except those on the other side of a block from a member the event shows
 * (a post's author, a repost's original author, a commenter): a block hides each from the other live as in lists.
 * Sent after the write committed.
 */
export class FeedEvents {
  constructor(
    private readonly chat: Pick<ChatNamespace, 'emit' | 'except'>,
    private readonly blocks: BlockedAmong,
  ) {}

  async emit<E extends FeedEventName>(shows: Array<number | null | undefined>, event: E, payload: Payload<E>) {
    await this.emitAll(shows, event, [payload]);
  }

  /** Several events of one kind about the same members (a post and its reposts going), the blocks read once. */
  async emitAll<E extends FeedEventName>(shows: Array<number | null | undefined>, event: E, payloads: Array<Payload<E>>) {
    const members = [...new Set(shows.filter((id): id is number => typeof id === 'number'))];
    const hiddenFrom = members.length ? await this.blocks.blockedEitherWayIdsOfAny(members) : [];
    const target = hiddenFrom.length ? this.chat.except(hiddenFrom.map(userRoom)) : this.chat;
    for (const payload of payloads) target.emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>));
  }
}
