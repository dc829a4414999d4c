import { ErrorCode, type ConversationMessage, type SystemLine } from '@tribeverse/shared';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { GroupCommit } from '../../lib/group-commit.ts';
import type { StoredAttachment } from '../../lib/attachments.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import type { ConversationMessagesRepository, ConversationMessageRow } from './conversations-messages.repository.ts';
import type { ConversationReadsRepository, ReaderState } from './conversations-reads.repository.ts';
import type {
  ConversationDraft,
  ConversationSendOutcome,
  ConversationSendRefusal,
  ConversationSendRepository,
} from './conversations-send.repository.ts';
import { isExpired, namedIn, presentConversationMessage, type Place } from './conversations.presenter.ts';

export type { Place, ReaderState };
export { UNREAD_CAP } from './conversations-reads.repository.ts';

export interface ConversationSendInput {
  text?: string;
  client_id?: string;
  reply_to?: number;
  /** Forwarding: whose message this is a copy of. */
  forwardedFromUserId?: number;
}

/** A reader of a conversation as its kind's policy let them in: who, and the first message id they may not see. */
export interface Reader {
  userId: number;
  /** Messages with an id above this are theirs to read (a group's history from joining, after their Clear chat). */
  from: number;
}

/** Deleted, or past its auto-delete time (gone for everyone, whether or not the cleanup has cleared it yet). */
export const isGone = (row: ConversationMessageRow) => row.deletedAt !== null || isExpired(row);

/** String.prototype.toWellFormed (Node 20), not yet in the TypeScript library this project targets. */
const toWellFormed = (text: string) => (text as string & { toWellFormed(): string }).toWellFormed();

function sendRefusal(reason: ConversationSendRefusal): AppError {
  if (reason === 'timed-out') return new AppError(403, ErrorCode.TIMED_OUT, 'A moderator has timed you out.');
  if (reason === 'announcements') return forbidden('Only moderators can post in this channel.');
  if (reason === 'reply-missing') return notFound('The message you reply to is not in this conversation.');
  return notFound('Conversation not found.');
}

/**
 * The conversation core: one store, send path, presenter and set of message actions for groups and community
 * channels. Who may read and write, and where events go, are the kinds' own (chat's groups, communities' channels):
 * they call in here with the place and the reader they have let in, and broadcast what comes back.
 */
export class ConversationsService {
  /** Concurrent sends to any group or channel are stored together: one statement and one commit per batch. */
  private readonly sendQueue: GroupCommit<ConversationDraft, ConversationSendOutcome>;

  constructor(
    private readonly messages: ConversationMessagesRepository,
    private readonly reads: ConversationReadsRepository,
    private readonly media: MediaStorage,
    sends: ConversationSendRepository,
    /** Told once per new message stored (the metrics' counter); a retry of a stored one is not new. */
    private readonly counted: (kind: Place['kind']) => void = () => {},
  ) {
    this.sendQueue = new GroupCommit((drafts) => sends.storeBatch(drafts));
  }

  /**
   * Messages as every reader sees them: sender, reactions and the message replied to, in three lookups for a page.
   * `place`: where they live, or where each one lives (rows of several conversations at once, a list's last messages).
   */
  async present(place: Place | ((conversationId: number) => Place), rows: ConversationMessageRow[]): Promise<ConversationMessage[]> {
    if (!rows.length) return [];
    const replyIds = [...new Set(rows.map((r) => r.replyToId).filter((id): id is number => id !== null))];
    const people = new Set<number>();
    for (const r of rows) {
      people.add(r.senderId);
      if (r.forwardedFromUserId !== null) people.add(r.forwardedFromUserId);
      for (const id of namedIn(r.system)) people.add(id);
    }
    const [reactions, replies, senders] = await Promise.all([
      this.messages.findReactions(rows.map((r) => r.id)),
      this.messages.findByIds(replyIds),
      this.messages.findSenders([...people]),
    ]);
    const replyById = new Map(replies.map((r) => [r.id, r]));
    const senderById = new Map(senders.map((s) => [s.id, s]));
    const placeOf = typeof place === 'function' ? place : () => place;
    return rows.map((row) =>
      presentConversationMessage(placeOf(row.conversationId), row, {
        senders: senderById,
        reactions: reactions.filter((x) => x.messageId === row.id),
        replyTo: row.replyToId ? (replyById.get(row.replyToId) ?? null) : null,
      }),
    );
  }

  /** These messages (of any group or channel), each presented where it lives: one lookup of each kind for all. */
  async presentByIds(ids: number[], placeOf: (conversationId: number) => Place): Promise<ConversationMessage[]> {
    return this.present(placeOf, await this.messages.findByIds(ids));
  }

  private async presentOne(place: Place, row: ConversationMessageRow) {
    return (await this.present(place, [row]))[0]!;
  }

  /** A page of history: the newest, older than `before`, or centred on `around`. */
  async page(place: Place, reader: Reader, query: { limit: number; before?: number; around?: number }) {
    const rows = query.around
      ? await this.messages.findAround(place.conversationId, reader.from, query.around, query.limit)
      : await this.messages.findPage(place.conversationId, reader.from, query.limit, query.before);
    return this.present(place, rows);
  }

  async pinned(place: Place, reader: Reader) {
    return this.present(place, await this.messages.findPinned(place.conversationId, reader.from));
  }

  /**
   * Persists and answers once committed, with every check (membership, time-out, announcements, the reply) inside
   * the batch's statement, so a member removed a moment ago cannot slip a message in. `created` is false for a retry
   * of a stored message (the caller broadcasts nothing new then).
   */
  async send(
    place: Place,
    senderId: number,
    input: ConversationSendInput,
    attachment?: StoredAttachment,
  ): Promise<{ message: ConversationMessage; created: boolean }> {
    const text = toWellFormed(input.text?.trim() ?? '');
    if (!text && !attachment) throw badRequest('Type a message', ErrorCode.VALIDATION_FAILED, 'text');
    const mediaUrl = attachment ? await this.media.save(attachment.data, attachment.extension, 'private') : null;
    let outcome: ConversationSendOutcome;
    try {
      outcome = await this.sendQueue.submit({
        kind: place.kind,
        senderId,
        conversationId: place.conversationId,
        clientId: input.client_id ?? null,
        text,
        mediaUrl,
        mediaType: attachment?.mediaType ?? null,
        fileName: attachment?.fileName ?? null,
        replyToId: input.reply_to ?? null,
        forwardedFromUserId: input.forwardedFromUserId ?? null,
      });
    } catch (error) {
      await this.media.remove(mediaUrl);
      throw error;
    }
    if (outcome.verdict === 'created') {
      this.counted(place.kind);
      const senders = await this.messages.findSenders(
        [senderId, outcome.row.forwardedFromUserId].filter((id): id is number => id !== null),
      );
      const message = presentConversationMessage(place, outcome.row, {
        senders: new Map(senders.map((s) => [s.id, s])),
        reactions: [],
        replyTo: outcome.replyTo,
      });
      return { message, created: true };
    }
    await this.media.remove(mediaUrl);
    if (outcome.verdict !== 'stored') throw sendRefusal(outcome.verdict);
    const stored = await this.messages.findById(outcome.messageId);
    if (!stored || stored.conversationId !== place.conversationId) throw notFound('Conversation not found.');
    return { message: await this.presentOne(place, stored), created: false };
  }

  /**
   * Group and channel messages by id, whoever asks: for a kind to learn which conversation a message is in (then its
   * policy decides who may see it) or to show a reported one. Never a direct message.
   */
  findMessages(ids: number[]) {
    return this.messages.findByIds(ids);
  }

  /** A message of this conversation the reader may see, or 404 (whatever the reason: it may not exist for them). */
  async requireMessage(place: Place, reader: Reader, messageId: number): Promise<ConversationMessageRow> {
    const row = await this.messages.findById(messageId);
    if (!row || row.conversationId !== place.conversationId || row.id <= reader.from) throw notFound('Message not found.');
    return row;
  }

  /** Edits one's own message; a deleted one or a system line cannot be edited. */
  async edit(place: Place, reader: Reader, messageId: number, text: string) {
    const row = await this.requireMessage(place, reader, messageId);
    if (row.senderId !== reader.userId || row.system) throw forbidden('You can only edit your own messages.');
    if (isGone(row)) throw notFound('This message was deleted.');
    return this.presentOne(place, await this.messages.updateText(messageId, toWellFormed(text.trim())));
  }

  /**
   * Deletes a message for everyone: one's own, or anyone's when the kind's policy said the reader may remove it
   * (`asModerator`; then it shows as removed). Its file goes too.
   */
  async remove(place: Place, reader: Reader, messageId: number, asModerator: boolean) {
    const row = await this.requireMessage(place, reader, messageId);
    const own = row.senderId === reader.userId;
    if ((!own && !asModerator) || row.system) throw forbidden('You can only delete your own messages.');
    if (isGone(row)) throw notFound('This message was deleted.');
    const removed = await this.messages.softDelete(messageId, own ? null : reader.userId);
    await this.media.remove(row.mediaUrl);
    return { message: await this.presentOne(place, removed), senderId: row.senderId };
  }

  /**
   * Adds the reaction, or takes it back when the reader had it already (a toggle, as every chat app does). `on` sets
   * it instead (true adds, false takes back, either way only once), for calls that say which they mean.
   */
  async react(place: Place, reader: Reader, messageId: number, emoji: string, on?: boolean) {
    const row = await this.requireMessage(place, reader, messageId);
    if (isGone(row) || row.system) throw notFound('This message was deleted.');
    if (on === true) await this.messages.addReaction(messageId, reader.userId, emoji);
    else if (!(await this.messages.removeReaction(messageId, reader.userId, emoji)) && on === undefined) {
      await this.messages.addReaction(messageId, reader.userId, emoji);
    }
    return this.presentOne(place, row);
  }

  /** Pins or unpins; whether the reader may is the kind's policy (admins in groups, moderators in channels). */
  async pin(place: Place, reader: Reader, messageId: number, pinned: boolean) {
    const row = await this.requireMessage(place, reader, messageId);
    if (isGone(row) || row.system) throw notFound('This message was deleted.');
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
