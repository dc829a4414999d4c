import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { messages } from '../schema/index.ts';

type Row = Record<string, unknown>;

/** A draft of a message: its sender and idempotency key are what make two drafts the same send. */
interface Keyed {
  senderId: number;
  clientId: string | null;
}
/** An outcome that may be a message stored now (then a copy of the same send is told it was stored). */
type Outcome = { verdict: string; row?: { id: number } };

/**
 * Runs one batch of message drafts through a send statement that answers one row per draft, in order, with the
 * idempotency every kind of conversation needs. A client id twice in one batch (a retry sent before its original was
 * answered) goes to the database once; the copy gets the first one's outcome ('stored' when the first was created). A
 * retry racing its original in another batch or process fails the whole statement on the unique index once the
 * original commits, and nothing of the batch was stored: the batch runs again, and the client-id check now finds it.
 */
export async function storeIdempotentBatch<D extends Keyed, O extends Outcome>(
  drafts: D[],
  run: (unique: D[]) => Promise<Row[]>,
  outcomeOf: (draft: D, row: Row) => O,
  storedAs: (messageId: number) => O,
): Promise<O[]> {
  const firstOf = new Map<string, number>();
  const copyOf = drafts.map((d, i) => {
    if (d.clientId === null) return -1;
    const key = `${d.senderId}:${d.clientId}`;
    const first = firstOf.get(key);
    if (first === undefined) firstOf.set(key, i);
    return first ?? -1;
  });
  const unique = copyOf.some((first) => first >= 0) ? drafts.filter((_, i) => copyOf[i]! < 0) : drafts;
  let rows: Row[];
  for (let attempt = 1; ; attempt++) {
    try {
      rows = await run(unique);
      break;
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error, 'messages_sender_client_idx')) throw error;
    }
  }
  const outcomes = rows.map((row, i) => outcomeOf(unique[i]!, row));
  if (unique === drafts) return outcomes;
  const byDraft: O[] = [];
  let next = 0;
  drafts.forEach((_, i) => {
    const first = copyOf[i]!;
    if (first < 0) return void byDraft.push(outcomes[next++]!);
    const original = byDraft[first]!;
    byDraft.push(original.verdict === 'created' && original.row ? storedAs(original.row.id) : original);
  });
  return byDraft;
}

/** What a draft of any kind says of its message; the place (receiver or conversation) is the caller's. */
export interface MessageDraft {
  senderId: number;
  clientId: string | null;
  text: string;
  mediaUrl: string | null;
  mediaType: string | null;
  fileName: string | null;
  replyToId: number | null;
  forwardedFromUserId?: number | null;
  /** A voice note's length and waveform (base64 peaks), measured by the server. */
  voiceDurationMs?: number | null;
  voiceWaveform?: string | null;
  /** The sender removed the preview of its link. */
  linkPreviewOff?: boolean;
}

/** The driver hands timestamps over as text (the query builder reads them the same way). */
const timestamp = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

/**
 * A message just inserted by a send statement: its draft, the columns' defaults, and what the database set (id,
 * time, expiry), so nothing is read back from the insert.
 */
export function insertedMessage<P extends { receiverId: number | null; conversationId: number | null }>(
  draft: MessageDraft,
  inserted: Row,
  place: P,
): typeof messages.$inferSelect & P {
  return {
    id: Number(inserted.id),
    senderId: draft.senderId,
    ...place,
    clientId: draft.clientId,
    text: draft.text,
    mediaUrl: draft.mediaUrl,
    mediaType: draft.mediaType,
    fileName: draft.fileName,
    replyToId: draft.replyToId,
    createdAt: timestamp(inserted.created_at)!,
    editedAt: null,
    deletedAt: null,
    readAt: null,
    readPrivately: false,
    expiresAt: timestamp(inserted.expires_at),
    removedBy: null,
    system: null,
    pinnedAt: null,
    pinnedBy: null,
    forwardedFromUserId: draft.forwardedFromUserId ?? null,
    voiceDurationMs: draft.voiceDurationMs ?? null,
    voiceWaveform: draft.voiceWaveform ?? null,
    linkPreviewOff: draft.linkPreviewOff ?? false,
  };
}
