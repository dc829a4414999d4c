import type { StoredAttachment } from '../../lib/attachments.ts';
import {
  isGone,
  sendInput,
  withdrawn,
  type ConversationSendInput,
  type ConversationsService,
  type Place,
  type Reader,
} from '../conversations/conversations.service.ts';
import { forwardSourceOf, type ForwardSource } from './chat-forward.types.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { GroupEvents } from './chat-groups.events.ts';
import type { ChatGroupsRepository } from './chat-groups.repository.ts';
import { assertAdmin, isAdmin, isCurrentMember, readerOf, requireMember, type CurrentMembership } from './chat-groups.policy.ts';

export type GroupSendInput = Pick<ConversationSendInput, 'text' | 'client_id' | 'reply_to' | 'link_preview'>;

export const groupPlace = (groupId: number): Place => ({ kind: 'group', conversationId: groupId });

/**
 * A group's messages, reading, mute and Clear chat, through the conversation core. Every call checks the caller is a
 * current member and reads within their history (from joining, after their Clear chat); events go to the group's
 * room after the write committed.
 */
export class ChatGroupMessagesService {
  constructor(
    private readonly repo: ChatGroupsRepository,
    private readonly conversations: ConversationsService,
    private readonly events: GroupEvents,
    private readonly settings: SettingsService,
  ) {}

  /** The caller as a current member of the group (or 404), and what they may read of it. */
  private async reader(me: number, groupId: number): Promise<{ membership: CurrentMembership; reader: Reader }> {
    const membership = await this.repo.findMembership(groupId, me);
    requireMember(membership);
    return { membership, reader: readerOf(me, membership) };
  }

  /**
   * Where a group message lives for `me` and where their reading starts, or null when it is no group's message or
   * `me` is not a current member of its group (the voice notes' "played", conversations-voice-plays.ts).
   */
  async readerOfMessage(me: number, conversationId: number | null) {
    if (conversationId === null) return null;
    const membership = await this.repo.findMembership(conversationId, me);
    if (!isCurrentMember(membership)) return null;
    return { place: groupPlace(conversationId), reader: readerOf(me, membership) };
  }

  async history(me: number, groupId: number, query: { limit: number; before?: number; around?: number }) {
    const { reader } = await this.reader(me, groupId);
    return this.conversations.page(groupPlace(groupId), reader, query);
  }

  /**
   * Persisted (the core's statement checks membership itself, so someone removed a moment ago cannot slip a message
   * in), then told to the room; `origin`, the socket that sent it, has it in its ack and is skipped. A retry of a
   * stored message answers it again and tells nobody. `forwardedFrom`: a forward's copy names the author of the
   * message it copies (chat-forward.service.ts).
   */
  async send(me: number, groupId: number, input: GroupSendInput, attachment?: StoredAttachment, origin?: string, forwardedFrom?: number) {
    const { message, created } = await this.conversations.send(groupPlace(groupId), me, sendInput(input, forwardedFrom), attachment);
    if (created) this.events.toGroup(groupId, 'group:message:new', message, { socket: origin });
    // Held for review: the sender's tabs show it too (marked), nobody else hears of it.
    else if (message.held) this.events.toUsers([me], 'group:message:new', message);
    return message;
  }

  async edit(me: number, groupId: number, messageId: number, text: string) {
    const { reader } = await this.reader(me, groupId);
    const { message, others } = await this.conversations.edit(groupPlace(groupId), reader, messageId, text);
    if (others === 'updated') this.events.toGroup(groupId, 'group:message:updated', message);
    else {
      // Held for review: the others see it go (when they had it); the sender's tabs see it marked.
      if (others === 'withdrawn') this.events.toGroup(groupId, 'group:message:deleted', withdrawn(message), { user: me });
      this.events.toUsers([me], 'group:message:updated', message);
    }
    return message;
  }

  /** One's own message, or anyone's by an admin (then it shows as removed). */
  async remove(me: number, groupId: number, messageId: number) {
    const { membership, reader } = await this.reader(me, groupId);
    const { message, held } = await this.conversations.remove(groupPlace(groupId), reader, messageId, isAdmin(membership));
    // Held for review, only its sender ever had it.
    if (held) this.events.toUsers([me], 'group:message:deleted', message);
    else this.events.toGroup(groupId, 'group:message:deleted', message);
    return message;
  }

  async react(me: number, groupId: number, messageId: number, emoji: string) {
    const { reader } = await this.reader(me, groupId);
    const message = await this.conversations.react(groupPlace(groupId), reader, messageId, emoji);
    this.events.toGroup(groupId, 'group:message:reacted', message);
    return message;
  }

  async pin(me: number, groupId: number, messageId: number, pinned: boolean) {
    const { membership, reader } = await this.reader(me, groupId);
    assertAdmin(membership);
    const message = await this.conversations.pin(groupPlace(groupId), reader, messageId, pinned);
    this.events.toGroup(groupId, 'group:message:updated', message);
    return message;
  }

  async pins(me: number, groupId: number) {
    const { reader } = await this.reader(me, groupId);
    return this.conversations.pinned(groupPlace(groupId), reader);
  }

  /**
   * A group message `me` may pass on now: a current member of its group, within their history, neither deleted nor
   * past its time, nor a line the group wrote itself. Null otherwise (or when it is not a group's message at all).
   */
  async forwardSource(me: number, messageId: number): Promise<ForwardSource | null> {
    const [row] = await this.conversations.findMessages([messageId]);
    if (!row) return null;
    const membership = await this.repo.findMembership(row.conversationId, me);
    if (!isCurrentMember(membership) || row.id <= readerOf(me, membership).from || row.system || isGone(row)) return null;
    // Held for review: its sender's alone.
    if (row.held && row.senderId !== me) return null;
    return forwardSourceOf(row);
  }

  // ----------------------------------------------------------------------------------------- reading, mute, clear

  /**
   * Moves the member's read position and answers what is left unread. When it moved, the group hears of it (for
   * "Seen by N"), unless the member turned read receipts off: then only their own tabs do.
   */
  async markRead(me: number, groupId: number, messageId: number) {
    const { membership, reader } = await this.reader(me, groupId);
    const unread = await this.conversations.markRead(groupPlace(groupId), reader, messageId);
    if (messageId > membership.lastReadId) {
      const event = { group_id: groupId, user_id: me, last_read_id: messageId };
      if ((await this.settings.get(me)).readReceipts) this.events.toGroup(groupId, 'group:read', event);
      else this.events.toUsers([me], 'group:read', event);
    }
    return { unread };
  }

  /** How far each current member has read, but those who keep it to themselves (read receipts off). */
  async reads(me: number, groupId: number) {
    await this.reader(me, groupId);
    const positions = await this.conversations.readPositions(groupId);
    const settings = await this.settings.getForUsers(positions.map((p) => p.userId));
    return positions
      .filter((p) => p.userId === me || settings.get(p.userId)?.readReceipts !== false)
      .map((p) => ({ user_id: p.userId, last_read_id: p.lastReadId }));
  }

  async mute(me: number, groupId: number, muted: boolean, until?: string | null) {
    await this.reader(me, groupId);
    const end = muted && until ? new Date(until) : null;
    await this.conversations.setMute(groupId, me, muted, end);
    return { muted, muted_until: end?.toISOString() ?? null };
  }

  /** Clear chat: the history up to now is hidden for the caller only (and counts as read). */
  async clear(me: number, groupId: number) {
    await this.reader(me, groupId);
    await this.conversations.clear(groupId, me);
    const state = await this.conversations.readerState(groupId, me);
    return { cleared_before: state?.clearedBefore ?? 0 };
  }

  /** Typing reaches the group's other members, only from a current member; anything else is dropped silently. */
  async typing(me: number, groupId: number, typing: boolean) {
    const membership = await this.repo.findMembership(groupId, me);
    if (membership?.state !== 'member') return;
    this.events.toGroup(groupId, 'typing:update', { user_id: me, typing, group_id: groupId }, { user: me });
  }

  // ------------------------------------------------------------------------------------------ files and auto-delete

  /** The stored file of a group message if `me` may fetch it now (a current member, within their history), else null. */
  fileFor(me: number, messageId: number) {
    return this.repo.findFileFor(me, messageId);
  }

  /**
   * One pass of the auto-delete cleanup for group messages: cleared like a deletion (files too), each group told,
   * batch by batch until none is due. Returns how many were cleared.
   */
  async expireDue(batch = 200): Promise<number> {
    let total = 0;
    for (;;) {
      const cleared = await this.conversations.clearExpired(batch);
      const byGroup = new Map<number, typeof cleared>();
      for (const row of cleared) byGroup.set(row.conversationId, [...(byGroup.get(row.conversationId) ?? []), row]);
      for (const [groupId, rows] of byGroup)
        for (const message of await this.conversations.present(groupPlace(groupId), rows))
          this.events.toGroup(groupId, 'group:message:deleted', message);
      total += cleared.length;
      if (cleared.length < batch) return total;
    }
  }
}
