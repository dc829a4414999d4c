import { ErrorCode } from '@tribeverse/shared';
import { badRequest } from '../../lib/errors.ts';
import { GroupCommit } from '../../lib/group-commit.ts';
import type { StoredAttachment } from '../../lib/attachments.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import type { ConversationMessagesRepository, StoredMessageRow } from './conversations-messages.repository.ts';
import type { ConversationDraft, ConversationSendOutcome, ConversationSendRepository } from './conversations-send.repository.ts';
import { draftPlace, toWellFormed, type ConversationSendInput, type Sent } from './conversations-drafts.ts';
import { holds, sendRefusal } from './conversations.policy.ts';
import { presentMessage, type AnyPlace, type MessageOf } from './conversations.presenter.ts';
import { voiceColumns } from './conversations-voice.ts';

/** The core's presenter for one stored message (conversations.service.ts), for a retry's answer. */
type PresentOne = <P extends AnyPlace>(place: P, row: StoredMessageRow) => Promise<MessageOf<P>>;

/**
 * The send path of every kind of conversation, apart from the core's reading and per-message actions because it alone
 * batches: concurrent sends are stored together (one statement and one commit per batch, conversations-send.repository
 * .ts), and a send's file is saved before its draft joins the queue and taken back if the draft is not stored. The core
 * (ConversationsService.send) hands every send here.
 */
export class ConversationSender {
  private readonly queue: GroupCommit<ConversationDraft, ConversationSendOutcome>;

  constructor(
    sends: ConversationSendRepository,
    private readonly messages: ConversationMessagesRepository,
    private readonly media: MediaStorage,
    /** The instance's filters on this text, as the core has them now: true when they hold it for review. */
    private readonly heldByFilter: (text: string) => boolean,
    private readonly presentOne: PresentOne,
    /** Told once per new message stored (the metrics' counter); a retry of a stored one is not new. */
    private readonly counted: (kind: AnyPlace['kind']) => void,
  ) {
    this.queue = new GroupCommit((drafts) => sends.storeBatch(drafts));
  }

  /**
   * Persists and answers once committed, with every check (membership, time-out, announcements, the reply) inside
   * the batch's statement, so a member removed a moment ago cannot slip a message in. `created` is false for a retry
   * of a stored message (the caller broadcasts nothing new then).
   */
  async send<P extends AnyPlace>(
    place: P,
    senderId: number,
    input: ConversationSendInput,
    attachment?: StoredAttachment,
  ): Promise<Sent<P>> {
    // A lone surrogate (half of an emoji, cut by a buggy client) becomes U+FFFD, as it would on its way to the
    // database in UTF-8; stored, acknowledged and delivered the same.
    const text = toWellFormed(input.text?.trim() ?? '');
    if (!text && !attachment) throw badRequest('Type a message', ErrorCode.VALIDATION_FAILED, 'text');
    // In memory, before the queue: an ordinary message's send stays one statement; a held one is marked inside it.
    const held = this.heldByFilter(text);
    // Private storage: only those who may read the message may fetch it, checked at each fetch (modules/media).
    const mediaUrl = attachment ? await this.media.save(attachment.data, attachment.extension, 'private') : null;
    // Every field named, no spread: a literal of one fixed shape is built by an inline cache, where spreading into it
    // went through the runtime's property copying, a send's largest cost in this method when profiled.
    const { kind, receiverId, conversationId } = draftPlace(place);
    const { voiceDurationMs, voiceWaveform } = voiceColumns(attachment?.voice);
    let outcome: ConversationSendOutcome;
    try {
      outcome = await this.queue.submit({
        kind,
        receiverId,
        conversationId,
        senderId,
        clientId: input.client_id ?? null,
        text,
        mediaUrl,
        mediaType: attachment?.mediaType ?? null,
        fileName: attachment?.fileName ?? null,
        replyToId: input.reply_to ?? null,
        forwardedFromUserId: input.forwardedFromUserId ?? null,
        linkPreviewOff: input.link_preview === false,
        held,
        voiceDurationMs,
        voiceWaveform,
      });
    } catch (error) {
      await this.media.remove(mediaUrl);
      throw error;
    }
    if (outcome.verdict === 'created') {
      this.counted(place.kind);
      // A new message has no reactions and is unread; the people it names came with the statement that stored it.
      const message = presentMessage(place, outcome.row, {
        senders: new Map(outcome.named.map((s) => [s.id, s])),
        reactions: [],
        replyTo: outcome.replyTo,
        held,
      });
      return { message, created: !held };
    }
    await this.media.remove(mediaUrl);
    if (outcome.verdict !== 'stored') throw sendRefusal(place.kind, outcome.verdict);
    // Stored before under this client id (a retry): the stored message; everyone was told when it was stored.
    const stored = await this.messages.findById(outcome.messageId);
    if (!stored || !holds(place, { userId: senderId, from: 0 }, stored)) throw sendRefusal(place.kind, 'missing');
    // Held: still its sender's alone, as the first answer said (`held` on the message); nothing to tell anyone.
    return { message: await this.presentOne(place, stored), created: false };
  }
}
