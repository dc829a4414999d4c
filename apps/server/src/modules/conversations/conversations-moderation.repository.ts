import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { communities, conversations, messages, moderatedMessages, users } from '../../db/schema/index.ts';
import { EMPTIED, type StoredMessageRow } from './conversations-messages.repository.ts';

/** Where a moderated message lives, named for staff: a direct chat's receiver, a group, a community's channel. */
export interface ModeratedPlace {
  kind: 'direct' | 'group' | 'channel';
  receiverId: number | null;
  receiverUsername: string | null;
  conversationId: number | null;
  conversationName: string | null;
  communityId: number | null;
  communityName: string | null;
}

export interface HeldMessageRow extends ModeratedPlace {
  id: number;
  authorId: number;
  text: string;
  fileName: string | null;
  createdAt: Date;
}

/** What a removal keeps of a message (its row is emptied as a deletion empties it) until an appeal puts it back. */
const KEPT = {
  text: messages.text,
  mediaUrl: messages.mediaUrl,
  mediaType: messages.mediaType,
  fileName: messages.fileName,
  voiceDurationMs: messages.voiceDurationMs,
  voiceWaveform: messages.voiceWaveform,
} as const;

const placeColumns = {
  receiverId: messages.receiverId,
  receiverUsername: users.username,
  conversationId: messages.conversationId,
  conversationKind: conversations.kind,
  conversationName: conversations.name,
  communityId: conversations.communityId,
  communityName: communities.name,
};

type PlaceRow = { [K in keyof typeof placeColumns]: (typeof placeColumns)[K]['_']['data'] | null };

const placeOf = (r: PlaceRow): ModeratedPlace => ({
  kind: r.conversationKind ?? 'direct',
  receiverId: r.receiverId,
  receiverUsername: r.receiverUsername,
  conversationId: r.conversationId,
  conversationName: r.conversationName,
  communityId: r.communityId,
  communityName: r.communityName,
});

/**
 * Messages a filter holds for review and messages the instance's moderators took down (moderated_messages). Reads
 * elsewhere leave a held message out for all but its sender (db/persistence/moderated-messages.ts); a removed one is a
 * deleted row, its content kept here alone.
 */
export class ConversationModerationRepository {
  constructor(private readonly db: Db) {}

  /** Held for review (an edit that brought in a held word): idempotent. */
  async hold(messageId: number, authorId: number): Promise<void> {
    await this.db.insert(moderatedMessages).values({ messageId, authorId, state: 'held' }).onConflictDoNothing();
  }

  /** The held messages still there (not deleted by their sender, not past their time), oldest first. */
  async listHeld(limit: number): Promise<HeldMessageRow[]> {
    const rows = await this.db
      .select({
        id: moderatedMessages.messageId,
        authorId: moderatedMessages.authorId,
        text: messages.text,
        fileName: messages.fileName,
        createdAt: moderatedMessages.createdAt,
        ...placeColumns,
      })
      .from(moderatedMessages)
      .innerJoin(messages, eq(messages.id, moderatedMessages.messageId))
      .leftJoin(users, eq(users.id, messages.receiverId))
      .leftJoin(conversations, eq(conversations.id, messages.conversationId))
      .leftJoin(communities, eq(communities.id, conversations.communityId))
      .where(
        and(
          eq(moderatedMessages.state, 'held'),
          isNull(messages.deletedAt),
          sql`(${messages.expiresAt} is null or ${messages.expiresAt} > now())`,
        ),
      )
      .orderBy(asc(moderatedMessages.createdAt), asc(moderatedMessages.messageId))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, authorId: r.authorId, text: r.text, fileName: r.fileName, createdAt: r.createdAt, ...placeOf(r) }));
  }

  /** Where a message lives; null when there is no such message. */
  async findPlace(messageId: number): Promise<ModeratedPlace | null> {
    return (await this.findMessage(messageId))?.place ?? null;
  }

  /** A message and where it lives, for its events; null when there is no such message. */
  async findMessage(messageId: number): Promise<{ row: StoredMessageRow; place: ModeratedPlace } | null> {
    const [found] = await this.db
      .select({ row: messages, ...placeColumns })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.receiverId))
      .leftJoin(conversations, eq(conversations.id, messages.conversationId))
      .leftJoin(communities, eq(communities.id, conversations.communityId))
      .where(eq(messages.id, messageId));
    return found ? { row: found.row, place: placeOf(found) } : null;
  }

  /** No longer held (released, or about to be taken down): its author, or null when it was not held. */
  async unhold(messageId: number): Promise<number | null> {
    const [row] = await this.db
      .delete(moderatedMessages)
      .where(and(eq(moderatedMessages.messageId, messageId), eq(moderatedMessages.state, 'held')))
      .returning({ authorId: moderatedMessages.authorId });
    return row?.authorId ?? null;
  }

  /**
   * Taken down by the instance's moderators (`removedBy`, null for a held message removed from the queue): the row is
   * emptied and deleted as any removal, its content (file included, left in storage) kept here. `onlyHeld`: only
   * when it is held. Null when there is nothing to take down (no such message, deleted already, a system line).
   */
  async takeDown(messageId: number, removedBy: number | null, onlyHeld: boolean): Promise<StoredMessageRow | null> {
    return this.db.transaction(async (tx) => {
      const [message] = await tx
        .select({ senderId: messages.senderId, system: messages.system, deletedAt: messages.deletedAt, ...KEPT })
        .from(messages)
        .where(eq(messages.id, messageId))
        .for('update');
      if (!message || message.deletedAt || message.system) return null;
      const [moderated] = await tx
        .select({ state: moderatedMessages.state })
        .from(moderatedMessages)
        .where(eq(moderatedMessages.messageId, messageId))
        .for('update');
      if (onlyHeld ? moderated?.state !== 'held' : moderated?.state === 'removed') return null;
      const { senderId, system: _system, deletedAt: _deleted, ...kept } = message;
      await tx
        .insert(moderatedMessages)
        .values({ messageId, authorId: senderId, state: 'removed', ...kept })
        .onConflictDoUpdate({ target: moderatedMessages.messageId, set: { state: 'removed', ...kept, createdAt: sql`now()` } });
      const [row] = await tx
        .update(messages)
        .set({ ...EMPTIED, deletedAt: new Date(), removedBy })
        .where(eq(messages.id, messageId))
        .returning();
      return row ?? null;
    });
  }

  /**
   * An upheld appeal: the content goes back on the message, which is no longer removed. `wasHeld`: it was taken down
   * from the held queue (no moderator named on it), so only its sender had seen it. Null when it was not removed.
   */
  async restore(messageId: number): Promise<{ row: StoredMessageRow; wasHeld: boolean } | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select({ removedBy: messages.removedBy }).from(messages).where(eq(messages.id, messageId)).for('update');
      if (!before) return null;
      const [kept] = await tx
        .delete(moderatedMessages)
        .where(and(eq(moderatedMessages.messageId, messageId), eq(moderatedMessages.state, 'removed')))
        .returning();
      if (!kept) return null;
      const [row] = await tx
        .update(messages)
        .set({
          text: kept.text ?? '',
          mediaUrl: kept.mediaUrl,
          mediaType: kept.mediaType,
          fileName: kept.fileName,
          voiceDurationMs: kept.voiceDurationMs,
          voiceWaveform: kept.voiceWaveform,
          deletedAt: null,
          removedBy: null,
        })
        .where(eq(messages.id, messageId))
        .returning();
      return row ? { row, wasHeld: before.removedBy === null } : null;
    });
  }

  /** A removed message's kept content (for the appeal page), or null when it is not removed. */
  async findRemoved(messageId: number) {
    const [row] = await this.db
      .select({
        text: moderatedMessages.text,
        mediaType: moderatedMessages.mediaType,
        authorId: moderatedMessages.authorId,
        createdAt: messages.createdAt,
      })
      .from(moderatedMessages)
      .innerJoin(messages, eq(messages.id, moderatedMessages.messageId))
      .where(and(eq(moderatedMessages.messageId, messageId), eq(moderatedMessages.state, 'removed')));
    return row ?? null;
  }
}
