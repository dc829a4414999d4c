import { CHAT_USERS_PAGE, ErrorCode, type ChatMessage, type MarkReadBody } from '@tribeverse/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  sendInput,
  withdrawn,
  type ConversationsService,
  type DirectPlace,
  type Reader,
  type StoredMessage,
} from '../conversations/conversations.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { ChatEvents } from './chat.events.ts';
import type { ChatPeopleRepository } from './chat-people.repository.ts';
import type { ChatRepository, MessageRow } from './chat.repository.ts';
import { isExpired, presentChatUser, presentConversation, presentPeer } from './chat.presenter.ts';
import type { PresenceTracker } from './chat-presence.ts';
import type { StoredAttachment } from '../../lib/attachments.ts';
import { assertNotBlocked, mayFetchFile, peerOf, requirePeer } from './chat.policy.ts';

export interface SendInput {
  peer_id: number;
  text?: string;
  client_id?: string;
  reply_to?: number;
  link_preview?: boolean;
}

/** The reader of a direct chat: either of its two people reads all of it (what they deleted for themselves aside). */
export const directReader = (me: number): Reader => ({ userId: me, from: 0 });

/**
 * The rules of private chat: a direct chat is the conversation core's `direct` place, with private chat's rule of who
 * may write to whom (the send statement's), its read times and its events to the pair. Every id a caller sends is
 * checked against the caller's own conversations here or in the core.
 */
export class ChatService {
  constructor(
    private readonly repo: ChatRepository,
    private readonly people: ChatPeopleRepository,
    private readonly settings: SettingsService,
    private readonly conversations: ConversationsService,
    private readonly events: ChatEvents,
    private readonly presence: PresenceTracker,
    /** The member's unread group messages (chat-groups.service.ts), which the chat count holds beside direct ones. */
    private readonly groupUnread: (me: number) => Promise<number> = async () => 0,
  ) {}

  /** A direct chat as the core knows it: with `peerId` for a send, without it for a message named by id. */
  place(peerId?: number): DirectPlace {
    return { kind: 'direct', peerId, receiptsVisible: (a, b) => this.receiptsVisible(a, b) };
  }

  /** Nothing is put in front of the other person across a block (an edit, a reaction, a pin), whoever made it. */
  async assertOpen(me: number, row: StoredMessage) {
    assertNotBlocked(await this.people.isBlockedEitherWay(me, peerOf(me, row as MessageRow)));
  }

  /** A page of the people the member may write to; one row more than the page tells whether another page follows. */
  async listUsers(me: number, search?: string, offset = 0) {
    const rows = await this.people.findMessageableUsers(me, search || undefined, CHAT_USERS_PAGE + 1, offset);
    return {
      users: rows.slice(0, CHAT_USERS_PAGE).map(presentChatUser),
      next_offset: rows.length > CHAT_USERS_PAGE ? offset + CHAT_USERS_PAGE : null,
    };
  }

  async listConversations(me: number) {
    const heads = await this.repo.findConversationHeads(me);
    const peerIds = heads.map((h) => h.peerId);
    const [peers, lastRows, unread, blocked, blockedEitherWay, presence] = await Promise.all([
      this.people.findUsers(peerIds),
      this.repo.findByIds(heads.map((h) => h.lastId)),
      this.repo.countUnreadBySender(me),
      this.people.findBlockedIds(me),
      this.people.findBlockedEitherWayIds(me),
      this.presence.viewOf(peerIds, me),
    ]);
    const hidden = { online: false, lastSeen: null };
    const peerById = new Map(peers.map((p) => [p.id, p]));
    const lastById = new Map(lastRows.map((m) => [m.id, m]));
    return heads
      .filter((h) => peerById.has(h.peerId))
      .map((h) =>
        presentConversation({
          peer: presentPeer(peerById.get(h.peerId)!, blockedEitherWay.has(h.peerId) ? hidden : presence.get(h.peerId)!),
          last: lastById.get(h.lastId) ?? null,
          unread: unread.get(h.peerId) ?? 0,
          blocked: blocked.has(h.peerId),
        }),
      );
  }

  async peer(me: number, peerId: number) {
    const row = await requirePeer(this.people, me, peerId);
    const [blocked, blockedEitherWay, presence, allowed] = await Promise.all([
      this.people.findBlockedIds(me),
      this.people.findBlockedEitherWayIds(me),
      this.presence.viewOf([peerId], me),
      this.people.mayMessage(me, peerId),
    ]);
    const view = blockedEitherWay.has(peerId) ? { online: false, lastSeen: null } : presence.get(peerId)!;
    return {
      peer: presentPeer(row, view),
      blocked: blocked.has(peerId),
      can_message: !blockedEitherWay.has(peerId) && !row.deletedAt && allowed,
    };
  }

  /** A page of the chat: the newest, older than `before`, or centred on `around` (a jump to a pinned message). */
  async history(me: number, query: { peer_id: number; limit: number; before?: number; around?: number }) {
    await requirePeer(this.people, me, query.peer_id);
    // A cursor must be a message of this very conversation: another pair's ids say nothing here.
    const cursor = query.around ?? query.before;
    if (cursor && !(await this.repo.findInPair(cursor, me, query.peer_id))) throw notFound('This message is not in this conversation.');
    const rows = query.around
      ? await this.repo.findAround(me, query.peer_id, query.around, query.limit)
      : await this.repo.findPage(me, query.peer_id, query.limit, query.before);
    return this.presentFor(me, rows);
  }

  /** Whether read times may be shown in this pair: both people keep read receipts on. */
  private async receiptsVisible(a: number, b: number) {
    const both = await this.settings.getForUsers([a, b]);
    return both.get(a)!.readReceipts && both.get(b)!.readReceipts;
  }

  /** Direct messages as both of their people see them (the core's presenter, with the pair's read times). */
  present(rows: MessageRow[]) {
    return this.conversations.present(this.place(), rows);
  }

  /** Direct messages as `me` sees them: their voice notes' "played" is theirs (a page of history, the pins). */
  async presentFor(me: number, rows: MessageRow[]) {
    return this.conversations.voicePlays.forViewer(me, await this.present(rows));
  }

  /**
   * Persists, then tells both people. Every check (the receiver exists, no block either way, their 'who may message
   * me', the message replied to) and the insert are one statement, shared with the sends of every kind waiting beside
   * this one (the core's send path); the answer comes once the message is committed. Nothing is awaited before the
   * send joins the queue (but a file's upload), so one member's messages are stored in the order they were sent. A
   * retry with the same client_id returns the stored message and emits nothing new. `origin` is the socket the send
   * came from: its acknowledgement carries the message, so it is not sent the same message again as an event (the
   * member's other tabs are). `forwardedFrom`: a forward's copy names the author of the message it copies
   * (chat-forward.service.ts).
   */
  async send(me: number, input: SendInput, attachment?: StoredAttachment, origin?: string, forwardedFrom?: number): Promise<ChatMessage> {
    if (input.peer_id === me) throw badRequest('You cannot message yourself.', ErrorCode.BAD_REQUEST, 'peer_id');
    const { message, created } = await this.conversations.send(this.place(input.peer_id), me, sendInput(input, forwardedFrom), attachment);
    if (created) this.events.toPair(me, input.peer_id, 'message:new', message, origin);
    // Held for review: the sender's other tabs show it too (marked), nobody else hears of it.
    else if (message.held) this.events.toUsers([me], 'message:new', message, origin);
    return message;
  }

  /** Only the sender edits a message, and not across a block. */
  async edit(me: number, id: number, text: string) {
    const { message, others } = await this.conversations.edit(this.place(), directReader(me), id, text, (row) => this.assertOpen(me, row));
    if (others === 'updated') this.events.toPair(message.sender_id, message.receiver_id, 'message:updated', message);
    else {
      // Held for review: the receiver sees it go (when they had it); the sender's tabs see it marked.
      if (others === 'withdrawn') this.events.toUser(message.receiver_id, 'message:deleted', withdrawn(message));
      this.events.toUser(message.sender_id, 'message:updated', message);
    }
    return message;
  }

  /** 'Delete for everyone': only the sender; its file goes too. */
  async remove(me: number, id: number) {
    const { message, held } = await this.conversations.remove(this.place(), directReader(me), id, false);
    // Held for review, only its sender ever had it.
    this.events.toUsers(held ? [message.sender_id] : [message.sender_id, message.receiver_id], 'message:deleted', message);
    return message;
  }

  /** The stored file of a message if `me` may fetch it now (chat.policy.ts, mayFetchFile), else null. */
  async fileFor(me: number, messageId: number): Promise<string | null> {
    const row = await this.repo.findById(messageId);
    if (!row?.mediaUrl || !mayFetchFile(me, row, isExpired(row), false) || (row.held && row.senderId !== me)) return null;
    if (await this.repo.isHiddenFor(messageId, me)) return null;
    return row.mediaUrl;
  }

  /** Stored files of messages after this id, in id order (moving files sent before private storage). */
  filesAfter(afterId: number, limit: number) {
    return this.repo.findFilesAfter(afterId, limit);
  }

  /**
   * 'Delete for me': either person of the pair may remove any message of it from their own history, their own or the
   * other's, deleted or not; the other person keeps it. Another pair's message is 404, as if it did not exist.
   */
  hideForMe(me: number, id: number) {
    return this.conversations.hide(this.place(), directReader(me), id);
  }

  /** Either person reacts; a reaction is added only when no block stands between them (taking one back always works). */
  async react(me: number, id: number, emoji: string, on: boolean) {
    const allow = on ? (row: StoredMessage) => this.assertOpen(me, row) : undefined;
    const message = await this.conversations.react(this.place(), directReader(me), id, emoji, on, allow);
    this.events.toPair(message.sender_id, message.receiver_id, 'message:reacted', message);
    return message;
  }

  async markRead(me: number, input: MarkReadBody) {
    await requirePeer(this.people, me, input.peer_id);
    const upTo = await this.repo.findInPair(input.up_to_id, me, input.peer_id);
    if (!upTo) throw notFound('This message is not in this conversation.');
    const at = new Date();
    const visible = await this.receiptsVisible(me, input.peer_id);
    const updated = await this.repo.markRead(me, input.peer_id, input.up_to_id, at, !visible);
    const unreadCount = await this.unreadCount(me);
    // The reader's other tabs update their badges; the sender hears about it only when both keep receipts on.
    this.events.toUser(me, 'conversation:read', { peer_id: input.peer_id, up_to_id: input.up_to_id, unreadCount });
    if (updated > 0 && visible) {
      this.events.toUser(input.peer_id, 'message:read', {
        reader_id: me,
        peer_id: input.peer_id,
        up_to_id: input.up_to_id,
        read_at: at.toISOString(),
      });
    }
    return { updated, unreadCount };
  }

  /** Read receipts turned off or on change which read times both sides may see: their open chats load them again. */
  async receiptsChanged(userId: number) {
    const partners = await this.repo.findPartnerIds(userId);
    this.events.toUsers([userId, ...partners], 'receipts:changed', { user_id: userId });
  }

  /**
   * The count the header's Chats shows: unread direct messages and those of the member's groups (not muted ones),
   * as the chat list holds both.
   */
  async unreadCount(me: number) {
    const [direct, groups] = await Promise.all([this.repo.countUnread(me), this.groupUnread(me)]);
    return direct + groups;
  }

  /** Typing reaches only someone the sender may message (the send rule: the member exists, no block either way); anything else is dropped silently. */
  async typing(me: number, peerId: number, typing: boolean) {
    if (peerId === me) return;
    if (!(await this.people.isReachable(me, peerId))) return;
    this.events.toUser(peerId, 'typing:update', { user_id: me, typing });
  }

  /** Whether `me` may follow this member's presence live from an open chat: they exist and no block either way. */
  async assertMayWatchPresence(me: number, peerId: number) {
    await requirePeer(this.people, me, peerId);
    assertNotBlocked(await this.people.isBlockedEitherWay(me, peerId));
  }
}
