import type { ServerToClientEvents } from '@tribeverse/shared';
import type { ChatNamespace } from '../../realtime/io.ts';
import { userRoom } from '../../realtime/rooms.ts';

type FeedEventName = 'post:new' | 'post:updated' | 'post:deleted' | 'post:liked' | 'post:shared' | 'comment:new' | 'comment:deleted';
type Payload<E extends FeedEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Who is on the other side of a block from any of these members, and who muted any of them. */
export interface HiddenAmong {
  blockedEitherWayIdsOfAny(userIds: number[]): Promise<number[]>;
  mutersOfAny(userIds: number[]): Promise<number[]>;
  silencedAudience(userIds: number[]): Promise<number[] | null>;
}

/**
 * Feed events go to every signed-in member except those on the other side of a block from a member the event shows
 * (a post's author, a repost's original author, a commenter): a block hides each from the other live as in lists.
 * `post:new` also skips those who muted a member it shows, and reaches only the followers of a silenced one.
 * Sent after the write committed.
 */
export class FeedEvents {
  constructor(
    private readonly chat: Pick<ChatNamespace, 'emit' | 'except' | 'to'>,
    private readonly hidden: HiddenAmong,
  ) {}

  async emit<E extends FeedEventName>(shows: Array<number | null | undefined>, event: E, payload: Payload<E>) {
    await this.emitAll(shows, event, [payload]);
  }

  /** Several events of one kind about the same members (a post and its reposts going), the blocks read once. */
  async emitAll<E extends FeedEventName>(shows: Array<number | null | undefined>, event: E, payloads: Array<Payload<E>>) {
    const members = [...new Set(shows.filter((id): id is number => typeof id === 'number'))];
    const hiddenFrom = members.length ? await this.hidden.blockedEitherWayIdsOfAny(members) : [];
    // A new post (or share) of a muted member, or a share of their post, does not reach the muter's feed live either;
    // later events about it (likes, edits) still go, for the places a muter may see it (the member's own page).
    // (The author of a share hears of it even if they muted the original's author.)
    if (event === 'post:new' && members.length)
      hiddenFrom.push(...(await this.hidden.mutersOfAny(members)).filter((id) => !members.includes(id)));
    const audience = event === 'post:new' && members.length ? await this.hidden.silencedAudience(members) : null;
    const to = audience ? this.chat.to(audience.map(userRoom)) : this.chat;
    const target = hiddenFrom.length ? to.except(hiddenFrom.map(userRoom)) : to;
    for (const payload of payloads) target.emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>));
  }
}
