import { ErrorCode, extractMentions, type CommunityMessage, type NotificationContent } from '@tribeverse/shared';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import type { CommunityMembersRepository, UserRow } from './communities-members.repository.ts';
import type { CommunityMessageRow, CommunityMessagesRepository } from './communities-messages.repository.ts';
import type { CommunityRealtime } from './communities-realtime.ts';
import type { CommunityAccess } from './communities-access.ts';
import { isMuted, notificationActor, presentMessage } from './communities.presenter.ts';
import { mayFetchFile } from './communities.policy.ts';

export interface CommunityAttachment {
  data: Buffer;
  extension: string;
  mediaType: string;
  fileName: string;
}
export interface CommunitySendInput {
  text?: string;
  client_id?: string;
  reply_to?: number;
}

const messageNotFound = () => notFound('Message not found.');

/**
 * Community chat: the same guarantees as private chat (persisted before acknowledged, idempotent by client_id, no
 * duplicates), written once and broadcast once to the community's room.
 */
export class CommunityChatService {
  constructor(
    private readonly members: CommunityMembersRepository,
    private readonly messages: CommunityMessagesRepository,
    private readonly access: CommunityAccess,
    private readonly realtime: CommunityRealtime,
    private readonly media: MediaStorage,
    private readonly notify: (userId: number, content: NotificationContent) => Promise<void> = async () => {},
    private readonly log?: { warn(obj: unknown, msg: string): void },
    /** Told once per new message stored (the metrics' counter); a retry of a stored one is not new. */
    private readonly counted: () => void = () => {},
  ) {}

  private async hydrate(rows: CommunityMessageRow[]): Promise<CommunityMessage[]> {
    if (!rows.length) return [];
    const replyIds = [...new Set(rows.map((r) => r.replyToId).filter((id): id is number => id !== null))];
    const [reactions, replies, senders] = await Promise.all([
      this.messages.findReactions(rows.map((r) => r.id)),
      this.messages.findByIds(replyIds),
      this.messages.findSenders([...new Set(rows.map((r) => r.senderId))]),
    ]);
    const replyById = new Map(replies.map((r) => [r.id, r]));
    const senderById = new Map(senders.map((s) => [s.id, s]));
    return rows.map((row) =>
      presentMessage(row, {
        sender: senderById.get(row.senderId),
        reactions: reactions.filter((x) => x.messageId === row.id),
        replyTo: row.replyToId ? (replyById.get(row.replyToId) ?? null) : null,
      }),
    );
  }

  private async one(row: CommunityMessageRow) {
    return (await this.hydrate([row]))[0]!;
  }

  /** A message of this community the caller may see (not hidden by their Clear chat). */
  private async visible(communityId: number, messageId: number, clearedBefore: number) {
    const row = await this.messages.findById(messageId);
    if (!row || row.communityId !== communityId || row.id <= clearedBefore) throw messageNotFound();
    return row;
  }

  /** The stored file of a message if `me` may fetch it now (communities.policy.ts, mayFetchFile), else null. */
  async fileFor(me: number, messageId: number): Promise<string | null> {
    const row = await this.messages.findById(messageId);
    if (!row?.mediaUrl || row.deletedAt) return null;
    const membership = await this.members.findMembership(row.communityId, me);
    return mayFetchFile(membership, row) ? row.mediaUrl : null;
  }

  /** Stored files of messages after this id, in id order (moving files sent before private storage). */
  filesAfter(afterId: number, limit: number) {
    return this.messages.findFilesAfter(afterId, limit);
  }

  async history(me: number, id: number, query: { limit: number; before?: number }) {
    const { membership } = await this.access.member(me, id);
    if (query.before) await this.visible(id, query.before, 0);
    return this.hydrate(await this.messages.findPage(id, membership.clearedBefore, query.limit, query.before));
  }

  /**
   * `origin` is the socket the send came from: its acknowledgement carries the message, so it is not sent the same
   * message again as an event (the member's other tabs are).
   */
  async send(
    me: number,
    id: number,
    input: CommunitySendInput,
    attachment?: CommunityAttachment,
    origin?: string,
  ): Promise<CommunityMessage> {
    // A retry finds what the first try stored, even if the sender was timed out in between: it was accepted then.
    if (input.client_id) {
      const existing = await this.messages.findByClientId(me, input.client_id);
      if (existing && existing.communityId === id) {
        await this.access.member(me, id);
        return this.one(existing);
      }
    }
    const { membership } = await this.access.writer(me, id);
    const text = input.text?.trim() ?? '';
    if (!text && !attachment) throw badRequest('Type a message', ErrorCode.VALIDATION_FAILED, 'text');
    const replyTo = input.reply_to ? await this.visible(id, input.reply_to, membership.clearedBefore).catch(() => null) : null;
    if (input.reply_to && !replyTo) throw notFound('The message you reply to is not in this community.');
    // Private storage: only current members may fetch it, checked at each fetch (modules/media).
    const mediaUrl = attachment ? await this.media.save(attachment.data, attachment.extension, 'private') : null;
    let result: { row: CommunityMessageRow; created: boolean };
    try {
      result = await this.messages.insertIdempotent({
        communityId: id,
        senderId: me,
        clientId: input.client_id ?? null,
        text,
        mediaUrl,
        mediaType: attachment?.mediaType ?? null,
        fileName: attachment?.fileName ?? null,
        replyToId: replyTo?.id ?? null,
      });
    } catch (error) {
      await this.media.remove(mediaUrl);
      throw error;
    }
    if (!result.created) {
      // Two retries raced: the other one stored it and broadcast it.
      await this.media.remove(mediaUrl);
      return this.one(result.row);
    }
    const [sender] = await this.messages.findSenders([me]);
    const message = presentMessage(result.row, { sender, reactions: [], replyTo });
    this.counted();
    this.realtime.toRoom(id, 'community:message:new', message, origin);
    // After the acknowledgement's work: telling who was named or answered never delays or fails the send.
    if (text.includes('@') || replyTo)
      void this.tellMentioned(me, sender, id, result.row, replyTo?.senderId ?? null).catch((error: unknown) =>
        this.log?.warn({ err: error }, 'could not tell mentioned members'),
      );
    return message;
  }

  /** A notification to each member @named in the message, and to the author of the message it answers. */
  private async tellMentioned(me: number, sender: UserRow | undefined, id: number, row: CommunityMessageRow, repliedTo: number | null) {
    const mentioned = extractMentions(row.text);
    const [named, answered] = await Promise.all([
      this.members.membersToTell(id, me, { usernames: mentioned, ids: [] }),
      repliedTo === null ? [] : this.members.membersToTell(id, me, { usernames: [], ids: [repliedTo] }),
    ]);
    if (!named.length && !answered.length) return;
    const community = await this.access.community(id);
    const base = {
      ...notificationActor(me, sender),
      community_id: id,
      community_name: community.name,
      message_id: row.id,
    };
    for (const userId of named) await this.notify(userId, { kind: 'community_mention', payload: { ...base, via: 'mention' } });
    for (const userId of answered.filter((u) => !named.includes(u)))
      await this.notify(userId, { kind: 'community_mention', payload: { ...base, via: 'reply' } });
  }

  async edit(me: number, id: number, messageId: number, text: string) {
    const { membership } = await this.access.writer(me, id);
    const row = await this.visible(id, messageId, membership.clearedBefore);
    if (row.senderId !== me) throw forbidden('You can only edit your own messages.');
    if (row.deletedAt) throw messageNotFound();
    const message = await this.one(await this.messages.updateText(messageId, text.trim()));
    this.realtime.toRoom(id, 'community:message:updated', message);
    return { message };
  }

  /** The sender deletes their own message; a moderator removes anyone's (recorded in the audit log). */
  async remove(me: number, id: number, messageId: number) {
    const access = await this.access.member(me, id);
    const row = await this.visible(id, messageId, 0);
    if (row.deletedAt) throw messageNotFound();
    // Moderation acts downwards: a moderator cannot remove what an admin or the owner wrote.
    const { own } = await this.access.removal(me, access, row.senderId, 'remove_message', 'messages');
    const message = await this.one(await this.messages.softDelete(messageId, own ? null : me));
    await this.media.remove(row.mediaUrl);
    if (!own) await this.access.audit(id, me, 'message.remove', row.senderId, { message_id: messageId });
    this.realtime.toRoom(id, 'community:message:deleted', message);
    return { message };
  }

  async react(me: number, id: number, messageId: number, emoji: string, on: boolean) {
    const { membership } = on ? await this.access.writer(me, id) : await this.access.member(me, id);
    const row = await this.visible(id, messageId, membership.clearedBefore);
    if (row.deletedAt) throw messageNotFound();
    if (on) await this.messages.addReaction(messageId, me, emoji);
    else await this.messages.removeReaction(messageId, me, emoji);
    const message = await this.one(row);
    this.realtime.toRoom(id, 'community:message:reacted', message);
    return { message };
  }

  async markRead(me: number, id: number, upTo: number) {
    await this.access.member(me, id);
    await this.visible(id, upTo, 0);
    await this.messages.markRead(id, me, upTo);
    const counts = await this.messages.unreadByCommunity(me);
    const result = { community_id: id, unread: counts.get(id) ?? 0, total_unread: sum(counts) };
    this.realtime.toUser(me, 'community:read', { ...result, up_to_id: upTo });
    return result;
  }

  async unread(me: number) {
    const counts = await this.messages.unreadByCommunity(me);
    return { total: sum(counts), communities: [...counts].map(([community_id, unread]) => ({ community_id, unread })) };
  }

  /** Mute: no unread badge (and no notifications) from this community, for good or until a time. */
  async mute(me: number, id: number, muted: boolean, until?: string | null) {
    await this.access.member(me, id);
    const end = muted && until ? new Date(until) : null;
    if (end && end <= new Date()) throw badRequest('Pick a time in the future.', ErrorCode.VALIDATION_FAILED, 'until');
    const row = (await this.members.updateMember(id, me, { muted, mutedUntil: end }))!;
    const counts = await this.messages.unreadByCommunity(me);
    this.realtime.toUser(me, 'community:read', {
      community_id: id,
      up_to_id: row.lastReadId,
      unread: counts.get(id) ?? 0,
      total_unread: sum(counts),
    });
    return { muted: isMuted(row), muted_until: isMuted(row) ? (row.mutedUntil?.toISOString() ?? null) : null };
  }

  /** Clear chat: hides everything up to now for this member only; nobody else's history changes. Not recoverable. */
  async clear(me: number, id: number) {
    await this.access.member(me, id);
    const newest = await this.messages.newestId(id);
    const row = (await this.members.updateMember(id, me, { clearedBefore: newest }))!;
    await this.messages.markRead(id, me, newest);
    return { cleared_before: row.clearedBefore };
  }
}

const sum = (counts: Map<number, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
