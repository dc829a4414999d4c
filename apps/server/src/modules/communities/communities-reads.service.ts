import { ErrorCode } from '@tribeverse/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { ConversationsService } from '../conversations/conversations.service.ts';
import type { CommunityChannelsRepository } from './communities-channels.repository.ts';
import type { ChannelPlace, CommunityChannelsService } from './communities-channels.service.ts';
import type { CommunityMembersRepository } from './communities-members.repository.ts';
import type { CommunityAccess } from './communities-access.ts';
import type { CommunityRealtime } from './communities-realtime.ts';
import { isMuted } from './communities.presenter.ts';

const sum = (counts: Map<number, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

/**
 * What each member has read, cleared and muted in communities. Read positions and Clear chat are per channel (the
 * conversation core's); a community's unread count is the sum of its channels' that the member did not mute, and a
 * muted community counts nothing. Every change of the counts goes to the member's own sockets as community:read.
 */
export class CommunityReadsService {
  constructor(
    private readonly channelsRepo: CommunityChannelsRepository,
    private readonly channels: CommunityChannelsService,
    private readonly members: CommunityMembersRepository,
    private readonly conversations: ConversationsService,
    private readonly access: CommunityAccess,
    private readonly realtime: CommunityRealtime,
  ) {}

  /** Unread messages per community of the member (these, or all of theirs): two statements for any number. */
  async countsByCommunity(userId: number, communityIds?: number[]): Promise<Map<number, number>> {
    const channels = await this.channelsRepo.channelsCounting(userId, communityIds);
    const unread = await this.conversations.unreadCounts(
      userId,
      channels.filter((c) => !c.muted).map((c) => c.channelId),
    );
    const counts = new Map<number, number>();
    for (const c of channels) counts.set(c.communityId, (counts.get(c.communityId) ?? 0) + (unread.get(c.channelId) ?? 0));
    return counts;
  }

  async unread(me: number) {
    const counts = await this.countsByCommunity(me);
    const communities = [...counts].filter(([, unread]) => unread > 0).map(([community_id, unread]) => ({ community_id, unread }));
    return { total: sum(counts), communities };
  }

  /** The channel a message is in, when it is one of this community's (404 otherwise). */
  private async placeOfMessage(communityId: number, messageId: number): Promise<ChannelPlace> {
    const [row] = await this.conversations.findMessages([messageId]);
    if (!row || (await this.channels.communityOf(row.conversationId)) !== communityId) throw notFound('Message not found.');
    return { kind: 'channel', conversationId: row.conversationId, communityId };
  }

  /**
   * Moves the member's read position forward to `upTo`, in `channelId` or, without it, in the channel `upTo` is in
   * (the calls from before channels). Every tab of the member hears the new counts.
   */
  async markRead(me: number, communityId: number, upTo: number, channelId?: number) {
    await this.access.member(me, communityId);
    const place = channelId ? await this.channels.place(communityId, channelId) : await this.placeOfMessage(communityId, upTo);
    const channelUnread = await this.conversations.markRead(place, await this.channels.reader(place, me), upTo);
    const counts = await this.countsByCommunity(me);
    const result = {
      community_id: communityId,
      unread: counts.get(communityId) ?? 0,
      total_unread: sum(counts),
      channel_id: place.conversationId,
      channel_unread: channelUnread,
    };
    this.realtime.toUser(me, 'community:read', { ...result, up_to_id: upTo });
    return result;
  }

  /** Mute: no unread badge (and no notifications) from this community, for good or until a time. */
  async mute(me: number, communityId: number, muted: boolean, until?: string | null) {
    await this.access.member(me, communityId);
    const end = muted && until ? new Date(until) : null;
    if (end && end <= new Date()) throw badRequest('Pick a time in the future.', ErrorCode.VALIDATION_FAILED, 'until');
    const row = (await this.members.updateMember(communityId, me, { muted, mutedUntil: end }))!;
    await this.tellCounts(me, communityId);
    return { muted: isMuted(row), muted_until: isMuted(row) ? (row.mutedUntil?.toISOString() ?? null) : null };
  }

  /** One channel out of the community's unread count for this member (its own count still shows). */
  async muteChannel(me: number, communityId: number, channelId: number, muted: boolean) {
    await this.access.member(me, communityId);
    const place = await this.channels.place(communityId, channelId);
    await this.conversations.setMute(place.conversationId, me, muted);
    await this.tellCounts(me, communityId);
    return { channel_id: channelId, muted };
  }

  /** The counts after a mute changed what counts, to every tab of the member. */
  private async tellCounts(me: number, communityId: number) {
    const counts = await this.countsByCommunity(me);
    this.realtime.toUser(me, 'community:read', {
      community_id: communityId,
      up_to_id: 0,
      unread: counts.get(communityId) ?? 0,
      total_unread: sum(counts),
    });
  }

  /**
   * Clear chat: every channel's history up to now is hidden for this member only (and counts as read); nobody else's
   * changes. Not recoverable. Answers where the first channel's history now starts.
   */
  async clear(me: number, communityId: number) {
    await this.access.member(me, communityId);
    const ids = await this.channels.ids(communityId);
    for (const id of ids) await this.conversations.clear(id, me);
    const first = ids[0] === undefined ? null : await this.conversations.readerState(ids[0], me);
    await this.tellCounts(me, communityId);
    return { cleared_before: first?.clearedBefore ?? 0 };
  }

  /** A new member starts with every channel read, so joining never shows the whole history as unread. */
  async startAllRead(communityId: number, userId: number) {
    for (const id of await this.channels.ids(communityId)) await this.conversations.markAllRead(id, [userId]);
  }
}
