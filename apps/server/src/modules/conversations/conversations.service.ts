import type { ChatMessage, ConversationMessage, SystemLine } from '@tribeverse/shared';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { StoredAttachment } from '../../lib/attachments.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import type {
  ConversationMessagesRepository,
  ConversationMessageRow,
  MessageByIdRow,
  StoredMessageRow,
} from './conversations-messages.repository.ts';
import type { ConversationReadsRepository, ReaderState } from './conversations-reads.repository.ts';
import type { ConversationModerationRepository } from './conversations-moderation.repository.ts';
import { HeldMessages } from './conversations-held.ts';
import type { ChatNamespace } from '../../realtime/io.ts';
import type { ConversationSendRepository } from './conversations-send.repository.ts';
import { ConversationSender } from './conversations-send.ts';
import { sendInput, toWellFormed, type ConversationSendInput, type Sent, type TextCheck } from './conversations-drafts.ts';
import { contentHeld, holds, type MessagePolicy, type Reader } from './conversations.policy.ts';
import { isGone, withdrawn, type AnyPlace, type DirectPlace, type MessageOf, type Place } from './conversations.presenter.ts';
import { presentStored } from './conversations-views.ts';
import type { ConversationVoicePlaysRepository } from './conversations-voice-plays.repository.ts';
import { VoicePlays, type VoiceReaderOf } from './conversations-voice-plays.ts';

export type { AnyPlace, DirectPlace, HeldMessages, MessageOf, MessagePolicy, Place, Reader, ReaderState, VoicePlays, VoiceReaderOf };
/** A stored message of any kind, as the core's actions hand it to a kind's own rule (MessagePolicy). */
export type StoredMessage = StoredMessageRow;
export { isGone, sendInput, withdrawn };
export { blockedError, sendRefusal } from './conversations.policy.ts';
export { UNREAD_CAP } from './conversations-reads.repository.ts';
export type { ConversationSendInput, Sent, TextCheck };

/**
 * The conversation core: one store, send path, presenter and set of message actions for every kind of conversation:
 * direct chats, groups and community channels. Who may read and write, and where events go, are the kinds' own
 * (chat's direct chats and groups, communities' channels): they call in here with the place and the reader they have
 * let in (and, for an action, their own rule for it), and broadcast what comes back.
 */
export class ConversationsService {
  /** The send path, batched across every kind (conversations-send.ts). */
  private readonly sender: ConversationSender;

  /** Run on a message's text before it joins the queue, and on an edit's. */
  private textCheck: TextCheck = () => null;

  useTextCheck(check: TextCheck) {
    this.textCheck = check;
  }

  /**
   * The same check for text that goes out with a message without being its text (a poll's question and options): a
   * poll cannot wait for review, so what a filter would hold is refused.
   */
  checkText(...texts: string[]) {
    if (this.textCheck(...texts) === 'hold') throw contentHeld();
  }

  constructor(
    private readonly messages: ConversationMessagesRepository,
    private readonly reads: ConversationReadsRepository,
    private readonly media: MediaStorage,
    sends: ConversationSendRepository,
    private readonly moderation: ConversationModerationRepository,
    voicePlays: ConversationVoicePlaysRepository,
    /** Told once per new message stored (the metrics' counter); a retry of a stored one is not new. */
    counted: (kind: AnyPlace['kind']) => void = () => {},
  ) {
    // The filter is read at each send, not captured: the admin module sets it after the core is built.
    this.sender = new ConversationSender(
      sends,
      messages,
      media,
      (text) => this.textCheck(text) === 'hold',
      (place, row) => this.presentOne(place, row),
      counted,
    );
    this.voicePlays = new VoicePlays(
      voicePlays,
      (id) => this.messages.findById(id),
      (place, reader, id) => this.requireMessage(place, reader, id),
    );
  }

  /** Voice notes' "played", per member (conversations-voice-plays.ts): the kinds register who may read what. */
  readonly voicePlays: VoicePlays;

  /** Told of each held message that reaches everyone at last, after its kind's new-message event went out. */
  private readonly releasedListeners: Array<(message: ChatMessage | ConversationMessage) => void> = [];

  /** A kind's own work for a message released from review, as for a new one (a channel's mentions). */
  onReleased(listener: (message: ChatMessage | ConversationMessage) => void) {
    this.releasedListeners.push(listener);
  }

  /** Held and taken-down messages for the instance's moderators (the admin module's held queue and reports). */
  heldMessages(chat: ChatNamespace): HeldMessages {
    const released = (message: ChatMessage | ConversationMessage) => {
      for (const listener of this.releasedListeners) listener(message);
    };
    return new HeldMessages(this.moderation, (place, rows) => this.present(place, rows), chat, released);
  }

  /**
   * Messages as every reader sees them (conversations-views.ts): `place` is where they live, or where each one lives
   * (rows of several conversations at once, a list's last messages).
   */
  present<P extends AnyPlace>(place: P, rows: StoredMessageRow[]): Promise<Array<MessageOf<P>>>;
  present(place: (conversationId: number) => Place, rows: ConversationMessageRow[]): Promise<ConversationMessage[]>;
  present(place: AnyPlace | ((conversationId: number) => Place), rows: StoredMessageRow[]) {
    return presentStored(this.messages, place, rows);
  }

  /** These messages of groups and channels, each presented where it lives: one lookup of each kind for all. */
  async presentByIds(ids: number[], placeOf: (conversationId: number) => Place): Promise<ConversationMessage[]> {
    return this.present(placeOf, await this.findMessages(ids));
  }

  private async presentOne<P extends AnyPlace>(place: P, row: StoredMessageRow): Promise<MessageOf<P>> {
    return (await this.present(place, [row]))[0]!;
  }

  /** A page of history: the newest, older than `before`, or centred on `around`. */
  async page(place: Place, reader: Reader, query: { limit: number; before?: number; around?: number }) {
    const rows = query.around
      ? await this.messages.findAround(place.conversationId, reader.userId, reader.from, query.around, query.limit)
      : await this.messages.findPage(place.conversationId, reader.userId, reader.from, query.limit, query.before);
    return this.voicePlays.forViewer(reader.userId, await this.present(place, rows));
  }

  async pinned(place: Place, reader: Reader) {
    const rows = await this.messages.findPinned(place.conversationId, reader.userId, reader.from);
    return this.voicePlays.forViewer(reader.userId, await this.present(place, rows));
  }

  /** A message stored and answered through the batched send path (conversations-send.ts). */
  send<P extends AnyPlace>(place: P, senderId: number, input: ConversationSendInput, attachment?: StoredAttachment): Promise<Sent<P>> {
    return this.sender.send(place, senderId, input, attachment);
  }

  /**
   * Group and channel messages by id, whoever asks: for a kind to learn which conversation a message is in (then its
   * policy decides who may see it) or to show a reported one. Never a direct message.
   */
  async findMessages(ids: number[]): Promise<Array<ConversationMessageRow & { held: boolean }>> {
    return (await this.messages.findByIds(ids)).filter(
      (row): row is ConversationMessageRow & { held: boolean } => row.conversationId !== null,
    );
  }

  /**
   * A message of this place the reader may see, or 404 (whatever the reason: it may not exist for them). One a filter
   * holds for review is its sender's alone.
   */
  async requireMessage(place: AnyPlace, reader: Reader, messageId: number): Promise<MessageByIdRow> {
    const row = await this.messages.findById(messageId);
    if (!row || !holds(place, reader, row) || (row.held && row.senderId !== reader.userId)) throw notFound('Message not found.');
    return row;
  }

  /**
   * Edits one's own message; a deleted one or a system line cannot be edited. `allow`: the kind's own rule (see
   * MessagePolicy), as for every action below. New text a filter holds holds the message for review: the answer has
   * `held`, and `others` says what everyone else is told: the edit, that it is gone (`withdrawn`, held by this edit),
   * or nothing (held before: they never had it).
   */
  async edit<P extends AnyPlace>(
    place: P,
    reader: Reader,
    messageId: number,
    text: string,
    allow?: MessagePolicy,
  ): Promise<{ message: MessageOf<P>; others: 'updated' | 'withdrawn' | 'none' }> {
    const row = await this.requireMessage(place, reader, messageId);
    if (row.senderId !== reader.userId || row.system) throw forbidden('You can only edit your own messages.');
    if (isGone(row)) throw notFound('This message was deleted.');
    const edited = toWellFormed(text.trim());
    const hold = this.textCheck(edited) === 'hold';
    await allow?.(row);
    const updated = await this.messages.updateText(messageId, edited);
    if (hold && !row.held) await this.moderation.hold(messageId, row.senderId);
    const others = row.held ? 'none' : hold ? 'withdrawn' : 'updated';
    return { message: await this.presentOne(place, updated), others };
  }

  /**
   * Deletes a message for everyone: one's own, or anyone's when the kind's policy said the reader may remove it
   * (`asModerator`; then it shows as removed). Its file goes too. `held`: only its sender ever had it (held for
   * review), so only they are told.
   */
  async remove<P extends AnyPlace>(place: P, reader: Reader, messageId: number, asModerator: boolean) {
    const row = await this.requireMessage(place, reader, messageId);
    const own = row.senderId === reader.userId;
    if ((!own && !asModerator) || row.system) throw forbidden('You can only delete your own messages.');
    if (isGone(row)) throw notFound('This message was deleted.');
    const removed = await this.messages.softDelete(messageId, own ? null : reader.userId);
    await this.media.remove(row.mediaUrl);
    return { message: await this.presentOne(place, removed), senderId: row.senderId, held: row.held };
  }

  /**
   * 'Delete for me': the reader removes a message of the place from their own history (their own or another's,
   * deleted or not); everyone else keeps it. Idempotent.
   */
  async hide(place: AnyPlace, reader: Reader, messageId: number) {
    await this.requireMessage(place, reader, messageId);
    await this.messages.hide(messageId, reader.userId);
  }

  /**
   * Adds the reaction, or takes it back when the reader had it already (a toggle, as every chat app does). `on` sets
   * it instead (true adds, false takes back, either way only once), for calls that say which they mean.
   */
  async react<P extends AnyPlace>(place: P, reader: Reader, messageId: number, emoji: string, on?: boolean, allow?: MessagePolicy) {
    const row = await this.requireMessage(place, reader, messageId);
    if (isGone(row) || row.system) throw notFound('This message was deleted.');
    await allow?.(row);
    if (on === true) await this.messages.addReaction(messageId, reader.userId, emoji);
    else if (!(await this.messages.removeReaction(messageId, reader.userId, emoji)) && on === undefined) {
      await this.messages.addReaction(messageId, reader.userId, emoji);
    }
    return this.presentOne(place, row);
  }

  /**
   * Pins or unpins; whether the reader may is the kind's policy (admins in groups, moderators in channels, either
   * person in a direct chat). A message pinned already keeps its place among the pins.
   */
  async pin<P extends AnyPlace>(place: P, reader: Reader, messageId: number, pinned: boolean, allow?: MessagePolicy) {
    const row = await this.requireMessage(place, reader, messageId);
    if (isGone(row) || row.system) throw notFound('This message was deleted.');
    await allow?.(row);
    return this.presentOne(place, await this.messages.setPinned(messageId, pinned ? reader.userId : null));
  }

  /** A line the conversation writes itself ("Ada added Ben"), in the history like a message. */
  async writeSystemLine(place: Place, actorId: number, line: SystemLine) {
    return this.presentOne(place, await this.messages.insertSystemLine(place.conversationId, actorId, line));
  }

  /** Moves the reader's read position to `upTo` (a message they may see) and answers what is left unread. */
  async markRead(place: Place, reader: Reader, upTo: number) {
    await this.requireMessage(place, reader, upTo);
    await this.reads.markRead(place.conversationId, reader.userId, upTo);
    return (await this.reads.countUnread(reader.userId, [place.conversationId])).get(place.conversationId) ?? 0;
  }

  unreadCounts(userId: number, conversationIds: number[]) {
    return this.reads.countUnread(userId, conversationIds);
  }

  readerState(conversationId: number, userId: number) {
    return this.reads.find(conversationId, userId);
  }

  readPositions(conversationId: number) {
    return this.reads.readPositions(conversationId);
  }

  markAllRead(conversationId: number, userIds: number[]) {
    return this.reads.markAllRead(conversationId, userIds);
  }

  clear(conversationId: number, userId: number) {
    return this.reads.clear(conversationId, userId);
  }

  setMute(conversationId: number, userId: number, muted: boolean, until: Date | null = null) {
    return this.reads.setMute(conversationId, userId, muted, until);
  }

  newestId(conversationId: number) {
    return this.messages.newestId(conversationId);
  }

  /** Clears group messages past their auto-delete time, a batch at a time; the caller tells each group. */
  async clearExpired(limit: number) {
    const cleared = await this.messages.softDeleteExpired(limit);
    for (const c of cleared) await this.media.remove(c.mediaUrl);
    return cleared.map((c) => c.row);
  }
}
