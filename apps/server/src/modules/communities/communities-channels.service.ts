import { CONVERSATION_LIMITS, type Channel } from '@tribeverse/shared';
import { conflict, notFound } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import type { ConversationsService, Reader } from '../conversations/conversations.service.ts';
import type { ChannelChange, ChannelRow, CommunityChannelsRepository } from './communities-channels.repository.ts';
import type { CommunityAccess } from './communities-access.ts';
import type { CommunityRealtime } from './communities-realtime.ts';
import { presentChannel, presentChannelListed } from './communities.presenter.ts';

/** A channel as the conversation core knows it: where its messages are, and the community whose room hears them. */
export interface ChannelPlace {
  kind: 'channel';
  conversationId: number;
  communityId: number;
}

const channelNotFound = () => notFound('This channel does not exist.');
/** Facts that never change while both exist (a channel's community, a community's first channel), kept per process. */
const CACHE_MAX = 20_000;

/**
 * A community's channels: the list (admins add, rename, reorder and delete them; the first, the one the community
 * was made with, stays first and cannot go), and finding the channel a call is about. Every change of the list goes
 * to the community's room as community:channels:changed.
 */
export class CommunityChannelsService {
  private readonly communityOfChannel = new Map<number, number>();
  private readonly firstChannel = new Map<number, number>();

  constructor(
    private readonly repo: CommunityChannelsRepository,
    private readonly conversations: ConversationsService,
    private readonly access: CommunityAccess,
    private readonly realtime: CommunityRealtime,
    private readonly media: MediaStorage,
  ) {}

  private remember(map: Map<number, number>, key: number, value: number) {
    if (map.size >= CACHE_MAX) map.clear();
    map.set(key, value);
  }

  /**
   * The channel of the community a call names: `channelId`, or without one the first channel (the community's own
   * chat of `/messages` and `/send`). 404 when it is not one of the community's. A channel deleted on another process
   * may still be known here: every call on it then finds nothing (no message, no conversation), never another's.
   */
  async place(communityId: number, channelId?: number | null): Promise<ChannelPlace> {
    if (channelId === undefined || channelId === null) {
      let first = this.firstChannel.get(communityId);
      if (first === undefined) {
        const row = await this.repo.firstOf(communityId);
        if (!row) throw channelNotFound();
        first = row.id;
        this.remember(this.firstChannel, communityId, first);
        this.remember(this.communityOfChannel, first, communityId);
      }
      return { kind: 'channel', conversationId: first, communityId };
    }
    if ((await this.communityOf(channelId)) !== communityId) throw channelNotFound();
    return { kind: 'channel', conversationId: channelId, communityId };
  }

  /** The community a channel (a conversation the core names) is in, or null when it is no channel. */
  async communityOf(channelId: number): Promise<number | null> {
    const known = this.communityOfChannel.get(channelId);
    if (known !== undefined) return known;
    const communityId = await this.repo.communityOf(channelId);
    if (communityId !== null) this.remember(this.communityOfChannel, channelId, communityId);
    return communityId;
  }

  /** The member reading a channel: messages after their Clear chat there are theirs to read. */
  async reader(place: ChannelPlace, userId: number): Promise<Reader> {
    const state = await this.conversations.readerState(place.conversationId, userId);
    return { userId, from: state?.clearedBefore ?? 0 };
  }

  async ids(communityId: number): Promise<number[]> {
    return (await this.repo.list(communityId)).map((c) => c.id);
  }

  /** The list in its order, with the caller's unread count and mute of each channel. Members only. */
  async list(me: number, communityId: number): Promise<{ channels: Channel[] }> {
    await this.access.member(me, communityId);
    const rows = await this.repo.list(communityId);
    const [unread, mutes] = await Promise.all([
      this.conversations.unreadCounts(
        me,
        rows.map((r) => r.id),
      ),
      this.repo.mutesOf(communityId, me),
    ]);
    return { channels: rows.map((r) => presentChannel(r, unread.get(r.id) ?? 0, mutes.get(r.id) ?? false)) };
  }

  /** Admins: a new channel at the end of the list. 409 when the name is taken or the community has all it may have. */
  async create(me: number, communityId: number, body: { name: string; topic?: string; kind?: ChannelRow['kind'] }) {
    await this.access.withRight(me, communityId, 'edit_community');
    const row = refused(
      await this.repo.create(
        communityId,
        me,
        { name: body.name, topic: body.topic ?? '', kind: body.kind ?? 'text' },
        CONVERSATION_LIMITS.channelsPerCommunity,
      ),
    );
    await this.changed(communityId);
    return presentChannel(row, 0, false);
  }

  /** Admins: renames, re-topics, changes the kind, or moves a channel (the first stays first). */
  async update(me: number, communityId: number, channelId: number, change: ChannelChange) {
    await this.access.withRight(me, communityId, 'edit_community');
    const row = await this.repo.update(communityId, channelId, change);
    if (!row) throw channelNotFound();
    const channel = refused(row);
    await this.changed(communityId);
    const [unread, mutes] = await Promise.all([this.conversations.unreadCounts(me, [channelId]), this.repo.mutesOf(communityId, me)]);
    return presentChannel(channel, unread.get(channelId) ?? 0, mutes.get(channelId) ?? false);
  }

  /** Admins: a channel goes with its messages and their files; the first channel cannot. */
  async remove(me: number, communityId: number, channelId: number) {
    await this.access.withRight(me, communityId, 'edit_community');
    const files = await this.repo.delete(communityId, channelId);
    if (files === null) throw channelNotFound();
    if (files === 'first') throw conflict('The first channel cannot be deleted.');
    this.communityOfChannel.delete(channelId);
    await Promise.all(files.map((url) => this.media.remove(url)));
    await this.changed(communityId);
  }

  /** The list as it is now, to everyone in the community's room (their own counts and mutes are theirs to keep). */
  private async changed(communityId: number) {
    const rows = await this.repo.list(communityId);
    this.realtime.toRoom(communityId, 'community:channels:changed', {
      community_id: communityId,
      channels: rows.map(presentChannelListed),
    });
  }

  /** The files of every channel's messages, to remove with the community. */
  filesOfCommunity(communityId: number) {
    return this.repo.filesOfCommunity(communityId);
  }

  /** Channel messages' files after this id, in id order (moving files stored before private storage). */
  filesAfter(afterId: number, limit: number) {
    return this.repo.filesAfter(afterId, limit);
  }
}

function refused(row: ChannelRow | 'taken' | 'full'): ChannelRow {
  if (row === 'taken') throw conflict('There is a channel of that name in this community already.', undefined, 'name');
  if (row === 'full') throw conflict(`A community holds at most ${CONVERSATION_LIMITS.channelsPerCommunity} channels.`);
  return row;
}
