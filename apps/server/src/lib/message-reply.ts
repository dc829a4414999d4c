/** What every kind of message row has that the reply preview and expiry need. */
interface MessageLike {
  id: number;
  senderId: number;
  text: string;
  mediaType: string | null;
  deletedAt: Date | null;
  expiresAt: Date | null;
  /** Set on a voice note: its preview says so rather than "Attachment". */
  voiceDurationMs: number | null;
}

/** Past its auto-delete time: shown as deleted even before the cleanup has cleared it. */
export const isExpired = (row: Pick<MessageLike, 'expiresAt'>, now = Date.now()) =>
  row.expiresAt !== null && row.expiresAt.getTime() <= now;

/** The preview of the message replied to, in every kind of conversation: nothing of it once it is gone. */
export function presentReply(reply: MessageLike | null) {
  if (!reply) return null;
  return isExpired(reply) || reply.deletedAt !== null
    ? { id: reply.id, text: '', sender_id: reply.senderId, deleted: true, media_type: null }
    : {
        id: reply.id,
        text: reply.text,
        sender_id: reply.senderId,
        deleted: false,
        media_type: reply.mediaType,
        ...(reply.voiceDurationMs !== null && { voice: true as const }),
      };
}
