import {
  extractMentions,
  type ChatUser,
  type CommunityMessage,
  type ConversationMessage,
  type NotificationContent,
} from '@tribeverse/shared';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { StoredAttachment } from '../../lib/attachments.ts';
import {
  sendInput,
  withdrawn,
  type ConversationSendInput,
  type ConversationsService,
  type Sent,
} from '../conversations/conversations.service.ts';
import type { CommunityMembersRepository } from './communities-members.repository.ts';
import type { ChannelPlace, CommunityChannelsService } from './communities-channels.service.ts';
import type { CommunityRealtime } from './communities-realtime.ts';
import type { CommunityAccess } from './communities-access.ts';
import { notificationActor, presentCommunityMessage } from './communities.presenter.ts';
import { mayFetchFile, mayPin } from './communities.policy.ts';
import { forwardSourceOf } from '../chat/chat.module.ts';

export type CommunityAttachment = StoredAttachment;
export type CommunitySendInput = Pick<ConversationSendInput, 'text' | 'client_id' | 'reply_to' | 'link_preview'>;

const messageNotFound = () => notFound('Message not found.');
const present = (messages: Awaited<ReturnType<ConversationsService['present']>>) => messages.map(presentCommunityMessage);

/**
 * Community chat: the community's channels are conversations of the core, which stores, checks and presents their
 * messages (one batched send path: persisted before acknowledged, idempotent by client_id, membership, time-outs and
 * announcements checked in the statement). This adapter says who may read and moderate, finds the channel a call is
 * about, and broadcasts what comes back once, to the community's room.
 */
export class CommunityChatService {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly channels: CommunityChannelsService,
    private readonly members: CommunityMembersRepository,
    private readonly access: CommunityAccess,
    private readonly realtime: CommunityRealtime,
    private readonly notify: (userId: number, content: NotificationContent) => Promise<void> = async () => {},
    private readonly log?: { warn(obj: unknown, msg: string): void },
  ) {}

  /** A member, the channel (`channelId`, or the first) and where their reading of it starts. */
  private async reading(me: number, id: number, channelId?: number | null) {
    const access = await this.access.member(me, id);
    const place = await this.channels.place(id, channelId);
    return { access, place, reader: await this.channels.reader(place, me) };
  }

  /**
   * A member (one who may write now, with `write`), and a message of one of the community's channels with the channel
   * it is in (404 otherwise).
   */
  private async locate(me: number, id: number, messageId: number, write = false) {
    const access = write ? await this.access.writer(me, id) : await this.access.member(me, id);
    const [row] = await this.conversations.findMessages([messageId]);
    const unseen = !row || (row.held && row.senderId !== me);
    if (unseen || (await this.channels.communityOf(row.conversationId)) !== id) throw messageNotFound();
    const place: ChannelPlace = { kind: 'channel', conversationId: row.conversationId, communityId: id };
    return { access, place, row, reader: await this.channels.reader(place, me) };
  }

  /**
   * Where a channel message lives for `me` and where their reading starts (the voice notes' "played"): null when it
   * is no channel's message; a member of the community only (else the community's own 404 or 403).
   */
  async readerOfMessage(me: number, conversationId: number | null) {
    const communityId = conversationId === null ? null : await this.channels.communityOf(conversationId);
    if (communityId === null) return null;
    await this.access.member(me, communityId);
    const place: ChannelPlace = { kind: 'channel', conversationId: conversationId!, communityId };
    return { place, reader: await this.channels.reader(place, me) };
  }

  /** A page of a channel's history (the first channel's without `channelId`), after the member's Clear chat. */
  async history(me: number, id: number, channelId: number | null, query: { limit: number; before?: number; around?: number }) {
    const { place, reader } = await this.reading(me, id, channelId);
    return present(await this.conversations.page(place, reader, query));
  }

  async pins(me: number, id: number, channelId: number) {
    const { place, reader } = await this.reading(me, id, channelId);
    return { pins: present(await this.conversations.pinned(place, reader)) };
  }

  /**
   * Sends to a channel (the first without `channelId`). The statement checks the membership, a running time-out
   * and an announcements channel's rule itself, so the happy path asks nothing before it; a refusal is then worded
   * as the community's other calls word it. `origin` is the socket the send came from: its acknowledgement carries
   * the message, so it is not sent the same message again as an event (the member's other tabs are). `forwardedFrom`:
   * a forward's copy names the author of the message it copies.
   */
  async send(
    me: number,
    id: number,
    channelId: number | null,
    input: CommunitySendInput,
    attachment?: CommunityAttachment,
    origin?: string,
    forwardedFrom?: number,
  ): Promise<CommunityMessage> {
    const place = await this.channels.place(id, channelId);
    let sent: Sent<ChannelPlace>;
    try {
      sent = await this.conversations.send(place, me, sendInput(input, forwardedFrom), attachment);
    } catch (error) {
      // Not a member (or no longer): the community's answer (404 private, 403 public); anything else as it was.
      if (error instanceof AppError && error.statusCode === 404) await this.access.member(me, id);
      throw error;
    }
    const message = presentCommunityMessage(sent.message);
    // A retry finds what the first try stored, even if the sender was timed out in between (it was accepted then),
    // but only while they are a member; it was broadcast the first time.
    if (!sent.created) {
      await this.access.member(me, id);
      // Held for review: the sender's tabs show it too (marked), nobody else hears of it.
      if (message.held) this.realtime.toUser(me, 'community:message:new', message);
      return message;
    }
    this.realtime.toRoom(id, 'community:message:new', message, origin);
    // After the acknowledgement's work: telling who was named or answered never delays or fails the send.
    if (message.text.includes('@') || message.reply_to)
      void this.tellMentioned(me, message).catch((error: unknown) => this.log?.warn({ err: error }, 'could not tell mentioned members'));
    return message;
  }

  /** A channel's message released from review reached everyone only now: who it names or answers is told now. */
  released(message: ConversationMessage) {
    if (message.channel_id === undefined || (!message.text.includes('@') && !message.reply_to)) return;
    void this.tellMentioned(message.sender_id, presentCommunityMessage(message)).catch((error: unknown) =>
      this.log?.warn({ err: error }, 'could not tell mentioned members'),
    );
  }

  /** A notification to each member @named in the message, and to the author of the message it answers. */
  private async tellMentioned(me: number, message: CommunityMessage) {
    const id = message.community_id;
    const repliedTo = message.reply_to?.sender_id;
    const [named, answered] = await Promise.all([
      this.members.membersToTell(id, me, { usernames: extractMentions(message.text), ids: [] }),
      repliedTo === undefined ? [] : this.members.membersToTell(id, me, { usernames: [], ids: [repliedTo] }),
    ]);
    if (!named.length && !answered.length) return;
    const community = await this.access.community(id);
    const sender: ChatUser = message.sender;
    const base = {
      ...notificationActor(me, { username: sender.username, fullName: sender.name }),
      community_id: id,
      community_name: community.name,
      message_id: message.id,
      channel_id: message.channel_id,
    };
    for (const userId of named) await this.notify(userId, { kind: 'community_mention', payload: { ...base, via: 'mention' } });
    for (const userId of answered.filter((u) => !named.includes(u)))
      await this.notify(userId, { kind: 'community_mention', payload: { ...base, via: 'reply' } });
  }

  async edit(me: number, id: number, messageId: number, text: string) {
    const { place, reader } = await this.locate(me, id, messageId, true);
    const edited = await this.conversations.edit(place, reader, messageId, text);
    const message = presentCommunityMessage(edited.message);
    if (edited.others === 'updated') this.realtime.toRoom(id, 'community:message:updated', message);
    else {
      // Held for review: the others see it go (when they had it); the sender's tabs see it marked.
      if (edited.others === 'withdrawn') this.realtime.toRoom(id, 'community:message:deleted', withdrawn(message), { user: me });
      this.realtime.toUser(me, 'community:message:updated', message);
    }
    return { message };
  }

  /** The sender deletes their own message; a moderator removes anyone's below their rank (recorded in the audit log). */
  async remove(me: number, id: number, messageId: number) {
    const { access, place, row } = await this.locate(me, id, messageId);
    if (row.deletedAt) throw messageNotFound();
    const { own } = await this.access.removal(me, access, row.senderId, 'remove_message', 'messages');
    // A moderator may remove what their own Clear chat hides from them: the reader here sees the whole channel.
    const removed = await this.conversations.remove(place, { userId: me, from: 0 }, messageId, !own);
    if (!own) await this.access.audit(id, me, 'message.remove', row.senderId, { message_id: messageId, channel_id: place.conversationId });
    const message = presentCommunityMessage(removed.message);
    // Held for review, only its sender ever had it.
    if (removed.held) this.realtime.toUser(me, 'community:message:deleted', message);
    else this.realtime.toRoom(id, 'community:message:deleted', message);
    return { message };
  }

  async react(me: number, id: number, messageId: number, emoji: string, on: boolean) {
    const { place, reader } = await this.locate(me, id, messageId, on);
    const message = presentCommunityMessage(await this.conversations.react(place, reader, messageId, emoji, on));
    this.realtime.toRoom(id, 'community:message:reacted', message);
    return { message };
  }

  /** Moderators and up pin a message of any channel, or unpin it; everyone in the room sees it change. */
  async pin(me: number, id: number, messageId: number, pinned: boolean) {
    const { access, place, reader } = await this.locate(me, id, messageId);
    if (!mayPin(access.membership)) throw forbidden('Only moderators can pin messages.');
    const message = presentCommunityMessage(await this.conversations.pin(place, reader, messageId, pinned));
    this.realtime.toRoom(id, 'community:message:updated', message);
    return { message };
  }

  /**
   * A channel's message, not deleted, that `me` may read now (communities.policy.ts, mayFetchFile: a member, after
   * their Clear chat), else null: another kind's, gone, or not theirs to see, alike.
   */
  private async readable(me: number, messageId: number) {
    const [row] = await this.conversations.findMessages([messageId]);
    // Held for review: its sender's alone.
    if (!row || row.deletedAt || (row.held && row.senderId !== me)) return null;
    const communityId = await this.channels.communityOf(row.conversationId);
    if (communityId === null) return null;
    const place: ChannelPlace = { kind: 'channel', conversationId: row.conversationId, communityId };
    const [membership, reader] = await Promise.all([this.members.findMembership(communityId, me), this.channels.reader(place, me)]);
    return mayFetchFile(membership, reader, row) ? row : null;
  }

  /** The stored file of a message if `me` may fetch it now, else null. */
  async fileFor(me: number, messageId: number): Promise<string | null> {
    return (await this.readable(me, messageId))?.mediaUrl ?? null;
  }

  /** What forwarding copies from a channel's message `me` may read now (never a system line), else null. */
  async forwardSource(me: number, messageId: number) {
    const row = await this.readable(me, messageId);
    if (!row || row.system) return null;
    return forwardSourceOf(row);
  }

  /** Stored files of channel messages after this id, in id order (moving files sent before private storage). */
  filesAfter(afterId: number, limit: number) {
    return this.channels.filesAfter(afterId, limit);
  }

  /** A message of the community the member may see, to report: who wrote it. */
  async reportable(me: number, id: number, messageId: number): Promise<{ id: number; senderId: number }> {
    const { row, reader } = await this.locate(me, id, messageId);
    if (row.id <= reader.from || row.system) throw messageNotFound();
    return { id: row.id, senderId: row.senderId };
  }

  /** Messages by id as a report shows them (text, deleted), whichever channel they are in. */
  async forReports(ids: number[]): Promise<Map<number, { id: number; text: string; deleted: boolean }>> {
    const rows = await this.conversations.findMessages(ids);
    return new Map(rows.map((r) => [r.id, { id: r.id, text: r.deletedAt ? '' : r.text, deleted: r.deletedAt !== null }]));
  }
}
