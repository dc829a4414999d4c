import { privateMediaUrl, type PrivateMediaKind } from './private-media.ts';

/** A message the member sent, read for 'Download my data' with what moderation kept of it (held, or taken down). */
export interface SentMessageRow {
  message: {
    id: number;
    text: string;
    mediaUrl: string | null;
    fileName: string | null;
    replyToId: number | null;
    createdAt: Date;
    editedAt: Date | null;
    deletedAt: Date | null;
  };
  moderation: string | null;
  keptText: string | null;
  keptFileName: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * One sent message of any kind (direct, group, community channel) as the export shows it. Taken down by staff, the
 * words are still the member's (kept for an appeal) and shown; the file is served to no one. Deleted by the member,
 * nothing of it is left but the fact.
 */
export function presentSentMessage(kind: PrivateMediaKind, { message: m, moderation, keptText, keptFileName }: SentMessageRow) {
  const removed = moderation === 'removed';
  return {
    id: m.id,
    text: removed ? keptText : m.deletedAt ? null : m.text,
    media_url: m.deletedAt ? null : privateMediaUrl(kind, m.id, m.mediaUrl),
    file_name: removed ? keptFileName : m.deletedAt ? null : m.fileName,
    reply_to_id: m.replyToId,
    created_at: iso(m.createdAt),
    edited_at: iso(m.editedAt),
    deleted: m.deletedAt !== null && !removed,
    moderation: moderation ?? null,
  };
}
