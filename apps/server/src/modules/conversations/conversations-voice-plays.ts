import type { VoiceNoteOnMessage } from '@tribeverse/shared';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { MessageByIdRow } from './conversations-messages.repository.ts';
import type { ConversationVoicePlaysRepository } from './conversations-voice-plays.repository.ts';
import type { Reader } from './conversations.policy.ts';
import { isGone, type AnyPlace } from './conversations.presenter.ts';

/**
 * Where a message lives for `me` and where their reading starts, by a kind's own rule (a current group member, a
 * community member, one of the two people of a direct chat); null when the message is not this kind's or `me` is not
 * let in. A kind may throw its own refusal instead (404, or a public community's 403).
 */
export type VoiceReaderOf = (me: number, row: MessageByIdRow) => Promise<{ place: AnyPlace; reader: Reader } | null>;

/** What a message must have for its note's "played" to be told: its id, sender and voice measure. */
interface WithVoice {
  id: number;
  sender_id: number;
  voice?: VoiceNoteOnMessage | null;
}

/**
 * "Played" for voice notes, per member across their devices, in every kind of conversation (as Telegram and WhatsApp
 * keep it): a member marks a note of someone else's played, and the sender sees that someone listened. Presented
 * messages say `played: false` to everyone; a page handed to one viewer gets their own answer here, in one query for
 * the page's voice notes (none for a page without any). The send path never asks: a new note is unplayed for all.
 */
export class VoicePlays {
  private readonly kinds: VoiceReaderOf[] = [];

  constructor(
    private readonly repo: ConversationVoicePlaysRepository,
    private readonly findMessage: (id: number) => Promise<MessageByIdRow | null>,
    /** The core's read check, the one reactions and pins use (ConversationsService.requireMessage). */
    private readonly requireMessage: (place: AnyPlace, reader: Reader, messageId: number) => Promise<MessageByIdRow>,
  ) {}

  /** Each kind says who may read its messages; the first kind that knows the message answers. */
  register(readerOf: VoiceReaderOf) {
    this.kinds.push(readerOf);
  }

  /**
   * `me` played a voice note they may read now, sent by someone else. `fresh`: their first play (their other tabs
   * learn of it); `first`: the first play by anyone but the sender (the sender's tabs learn of it).
   */
  async markPlayed(me: number, messageId: number): Promise<{ senderId: number; fresh: boolean; first: boolean }> {
    const found = await this.findMessage(messageId);
    let where: Awaited<ReturnType<VoiceReaderOf>> = null;
    for (const readerOf of this.kinds) if (found && (where = await readerOf(me, found))) break;
    if (!where) throw notFound('Message not found.');
    const row = await this.requireMessage(where.place, where.reader, messageId);
    if (isGone(row) || row.voiceDurationMs === null) throw notFound('This voice message is gone.');
    if (row.senderId === me) throw forbidden('Your own voice messages are not marked as played.');
    return { senderId: row.senderId, ...(await this.repo.markPlayed(messageId, me)) };
  }

  /** These messages with each voice note's "played" as `viewerId` sees it. */
  async forViewer<M extends WithVoice>(viewerId: number, messages: M[]): Promise<M[]> {
    const notes = messages.filter((m) => m.voice);
    if (!notes.length) return messages;
    const own = notes.filter((m) => m.sender_id === viewerId).map((m) => m.id);
    const received = notes.filter((m) => m.sender_id !== viewerId).map((m) => m.id);
    const played = await this.repo.playedAmong(viewerId, received, own);
    if (!played.size) return messages;
    return messages.map((m) => (m.voice && played.has(m.id) ? { ...m, voice: { ...m.voice, played: true } } : m));
  }
}
