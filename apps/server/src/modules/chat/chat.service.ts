import { CHAT_USERS_PAGE, ErrorCode, type ChatMessage, type MarkReadBody } from '@tribeverse/shared';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { ChatEvents } from './chat.events.ts';
import type { ChatPeopleRepository } from './chat-people.repository.ts';
import type { ChatRepository, MessageRow } from './chat.repository.ts';
import type { ChatSendRepository, SendDraft, SendOutcome } from './chat-send.repository.ts';
import { GroupCommit } from '../../lib/group-commit.ts';
import { isExpired, presentChatUser, presentConversation, presentMessage, presentPeer } from './chat.presenter.ts';
import type { PresenceTracker } from './chat-presence.ts';
import type { StoredAttachment } from '../../lib/attachments.ts';
import { assertInConversation, assertNotBlocked, assertSender, mayFetchFile, peerOf, requirePeer, sendRefusal } from './chat.policy.ts';

export interface SendInput {
  peer_id: number;
  text?: string;
  client_id?: string;
  reply_to?: number;
}

/** String.prototype.toWellFormed (Node 20), not yet in the TypeScript library this project targets. */
const toWellFormed = (text: string) => (text as string & { toWellFormed(): string }).toWellFormed();

/** The rules of private chat. Every id a caller sends is checked against the caller's own conversations here. */
export class ChatService {
  /** Concurrent sends are stored together: one statement and one commit for every send that waited (group commit). */
  private readonly sendQueue: GroupCommit<SendDraft, SendOutcome>;

  constructor(
    private readonly repo: ChatRepository,
    private readonly people: ChatPeopleRepository,
    private readonly settings: SettingsService,
    private readonly media: MediaStorage,
    private readonly events: ChatEvents,
    private readonly presence: PresenceTracker,
    sends: ChatSendRepository,
    /** Told once per new message stored (the metrics' counter); a retry of a stored one is not new. */
    private readonly counted: () => void = () => {},
    /** The member's unread group messages (chat-groups.service.ts), which the chat count holds beside direct ones. */
    private readonly groupUnread: (me: number) => Promise<number> = async () => 0,
  ) {
    this.sendQueue = new GroupCommit((drafts) => sends.storeBatch(drafts));
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
    return this.present(rows, me, query.peer_id);
  }

  /** Whether read times may be shown in this pair: both people keep read receipts on. */
  private async receiptsVisible(a: number, b: number) {
    const both = await this.settings.getForUsers([a, b]);
    return both.get(a)!.readReceipts && both.get(b)!.readReceipts;
  }

  /** Messages of the pair of `a` and `b` as both see them: reactions, replies, read times, forwarded messages' authors. */
  async present(rows: MessageRow[], a: number, b: number): Promise<ChatMessage[]> {
    if (!rows.length) return [];
    const ids = (pick: (r: MessageRow) => number | null) => [...new Set(rows.map(pick).filter((id): id is number => id !== null))];
    const [reactions, replies, receiptsVisible, authors] = await Promise.all([
      this.repo.findReactions(rows.map((r) => r.id)),
      this.repo.findByIds(ids((r) => r.replyToId)),
      this.receiptsVisible(a, b),
      this.people.findUsers(ids((r) => r.forwardedFromUserId)),
    ]);
    const replyById = new Map(replies.map((r) => [r.id, r]));
    const authorById = new Map(authors.map((u) => [u.id, u]));
    return rows.map((row) =>
      presentMessage(row, {
        reactions: reactions.filter((x) => x.messageId === row.id),
        replyTo: row.replyToId ? (replyById.get(row.replyToId) ?? null) : null,
        receiptsVisible,
        forwardedFrom: row.forwardedFromUserId === null ? null : authorById.get(row.forwardedFromUserId),
      }),
    );
  }

  async one(row: MessageRow) {
    const [message] = await this.present([row], row.senderId, row.receiverId);
    return message!;
  }

  /**
   * Persists, then tells both people. Every check (the receiver exists, no block either way, their 'who may message
   * me', the message replied to) and the insert are one statement, shared with the sends waiting beside this one; the
   * answer comes once the message is committed. Nothing is awaited before the send joins the queue (but a file's
   * upload), so one member's messages are stored in the order they were sent. A retry with the same client_id returns
   * the stored message and emits nothing new. `origin` is the socket the send came from: its acknowledgement carries
   * the message, so it is not sent the same message again as an event (the member's other tabs are).
   * `forwardedFrom`: a forward's copy names the author of the message it copies (chat-forward.service.ts).
   */
  async send(me: number, input: SendInput, attachment?: StoredAttachment, origin?: string, forwardedFrom?: number): Promise<ChatMessage> {
    if (input.peer_id === me) throw badRequest('You cannot message yourself.', ErrorCode.BAD_REQUEST, 'peer_id');
    // A lone surrogate (half of an emoji, cut by a buggy client) becomes U+FFFD, as it would on its way to the
    // database in UTF-8; stored, acknowledged and delivered the same.
    const text = toWellFormed(input.text?.trim() ?? '');
    if (!text && !attachment) throw badRequest('Type a message', ErrorCode.VALIDATION_FAILED, 'text');
    // Private storage: only the pair may fetch it, checked at each fetch (modules/media).
    const mediaUrl = attachment ? await this.media.save(attachment.data, attachment.extension, 'private') : null;
    let outcome: SendOutcome;
    try {
      outcome = await this.sendQueue.submit({
        senderId: me,
        receiverId: input.peer_id,
        clientId: input.client_id ?? null,
        text,
        mediaUrl,
        mediaType: attachment?.mediaType ?? null,
        fileName: attachment?.fileName ?? null,
        replyToId: input.reply_to ?? null,
        forwardedFromUserId: forwardedFrom ?? null,
      });
    } catch (error) {
      await this.media.remove(mediaUrl);
      throw error;
    }
    if (outcome.verdict !== 'created') {
      await this.media.remove(mediaUrl);
      if (outcome.verdict !== 'stored') throw sendRefusal(outcome.verdict);
      // Stored before under this client id (a retry): the stored message; both people were told when it was stored.
      return this.one((await this.repo.findById(outcome.messageId))!);
    }
    // A new message has no reactions and is unread: nothing more to load but a forward's author.
    const [author] = forwardedFrom ? await this.people.findUsers([forwardedFrom]) : [];
    const message = presentMessage(outcome.row, { reactions: [], replyTo: outcome.replyTo, receiptsVisible: false, forwardedFrom: author });
    this.counted();
    this.events.toPair(me, input.peer_id, 'message:new', message, origin);
    return message;
  }

  private async requireOwn(me: number, id: number) {
    const row = await this.repo.findById(id);
    assertInConversation(me, row);
    assertSender(me, row);
    if (row.deletedAt || isExpired(row)) throw notFound('This message was deleted.');
    return row;
  }

  async edit(me: number, id: number, text: string) {
    const row = await this.requireOwn(me, id);
    assertNotBlocked(await this.people.isBlockedEitherWay(me, row.receiverId));
    const message = await this.one(await this.repo.updateText(id, text.trim()));
    this.events.toPair(row.senderId, row.receiverId, 'message:updated', message);
    return message;
  }

  async remove(me: number, id: number) {
    const row = await this.requireOwn(me, id);
    const message = await this.one(await this.repo.softDelete(id));
    await this.media.remove(row.mediaUrl);
    this.events.toPair(row.senderId, row.receiverId, 'message:deleted', message);
    return message;
  }

  /** The stored file of a message if `me` may fetch it now (chat.policy.ts, mayFetchFile), else null. */
  async fileFor(me: number, messageId: number): Promise<string | null> {
    const row = await this.repo.findById(messageId);
    if (!row?.mediaUrl || !mayFetchFile(me, row, isExpired(row), false)) return null;
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
  async hideForMe(me: number, id: number) {
    const row = await this.repo.findById(id);
    if (!row || (row.senderId !== me && row.receiverId !== me)) throw notFound('Message not found.');
    await this.repo.hide(id, me);
  }

  async react(me: number, id: number, emoji: string, on: boolean) {
    const row = await this.repo.findById(id);
    assertInConversation(me, row);
    if (row.deletedAt || isExpired(row)) throw notFound('This message was deleted.');
    if (on) assertNotBlocked(await this.people.isBlockedEitherWay(me, peerOf(me, row)));
    if (on) await this.repo.addReaction(id, me, emoji);
    else await this.repo.removeReaction(id, me, emoji);
    const message = await this.one(row);
    this.events.toPair(row.senderId, row.receiverId, 'message:reacted', message);
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
