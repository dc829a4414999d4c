import { and, asc, desc, eq, getTableColumns, gt, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clearExpiredMessages } from '../../db/persistence/auto-delete.ts';
import { messageHides, messageReactions, messages, moderatedMessages, users } from '../../db/schema/index.ts';
import { notHeld, notHeldFor } from '../../db/persistence/moderated-messages.ts';
import { publicMemberColumns } from '../../db/persistence/members.ts';
import type { SystemLine } from '@tribeverse/shared';
import type { ReactionRow } from '../../lib/reactions.ts';
import type { ConversationMessageRow, StoredMessageRow } from './conversations-send.repository.ts';

export type { ConversationMessageRow, StoredMessageRow };
/** A message read by its id: with whether a filter holds it for review (then only its sender may see it). */
export type MessageByIdRow = StoredMessageRow & { held: boolean };
export interface SenderRow {
  id: number;
  fullName: string | null;
  username: string | null;
  profilePicture: string | null;
  deletedAt: Date | null;
}

const p = (name: string) => sql.placeholder(name);
const senderColumns = {
  ...publicMemberColumns,
  deletedAt: users.deletedAt,
};
/** Not past its auto-delete time: an expired message is gone at once, whether or not the cleanup has cleared it. */
const live = or(isNull(messages.expiresAt), gt(messages.expiresAt, sql`now()`))!;
const rows = (list: unknown) => list as ConversationMessageRow[];

/** The hot reads, prepared once: built once, planned once per connection. */
function prepareStatements(db: Db) {
  const page = (before: boolean, name: string) =>
    db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, p('conversationId')),
          gt(messages.id, p('from')),
          before ? lt(messages.id, p('before')) : undefined,
          live,
          notHeldFor(messages, p('viewer')),
        ),
      )
      .orderBy(desc(messages.id))
      .limit(p('limit'))
      .prepare(name);
  return {
    pageLatest: page(false, 'conversation_page_latest'),
    pageBefore: page(true, 'conversation_page_before'),
    byIds: db
      .select({ ...getTableColumns(messages), held: sql<boolean>`not ${notHeld(messages.id)}`.as('held') })
      .from(messages)
      .where(sql`${messages.id} = any(${p('ids')}::int[])`)
      .prepare('conversation_messages_by_ids'),
    heldIds: db
      .select({ id: moderatedMessages.messageId })
      .from(moderatedMessages)
      .where(and(sql`${moderatedMessages.messageId} = any(${p('ids')}::int[])`, eq(moderatedMessages.state, 'held')))
      .prepare('conversation_messages_held'),
    reactions: db
      .select({ messageId: messageReactions.messageId, userId: messageReactions.userId, emoji: messageReactions.emoji })
      .from(messageReactions)
      .where(sql`${messageReactions.messageId} = any(${p('ids')}::int[])`)
      .orderBy(asc(messageReactions.createdAt))
      .prepare('conversation_message_reactions'),
    senders: db
      .select(senderColumns)
      .from(users)
      .where(sql`${users.id} = any(${p('ids')}::int[])`)
      .prepare('conversation_message_senders'),
  };
}

/** What a message deleted or taken down keeps of its content: nothing, and it is no longer pinned. */
export const EMPTIED = {
  text: '',
  mediaUrl: null,
  mediaType: null,
  fileName: null,
  voiceDurationMs: null,
  voiceWaveform: null,
  pinnedAt: null,
  pinnedBy: null,
} as const;

/**
 * The messages of every kind: by id, reactions, edits, deletions (for everyone, and 'for me'), pins; and of groups and
 * channels their pages and the lines a group writes itself (a direct chat's reads are private chat's own).
 */
export class ConversationMessagesRepository {
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(private readonly db: Db) {
    this.statements = prepareStatements(db);
  }

  /**
   * The `limit` newest messages after `from` (what the reader may see) and before `before`, oldest first; of those a
   * filter holds, only the viewer's own.
   */
  async findPage(conversationId: number, viewer: number, from: number, limit: number, before?: number): Promise<ConversationMessageRow[]> {
    const found = before
      ? await this.statements.pageBefore.execute({ conversationId, viewer, from, before, limit })
      : await this.statements.pageLatest.execute({ conversationId, viewer, from, limit });
    return rows(found).reverse();
  }

  /** Up to `limit` messages centred on `around` (half before it, the rest from it on), oldest first. */
  async findAround(conversationId: number, viewer: number, from: number, around: number, limit: number): Promise<ConversationMessageRow[]> {
    const half = Math.floor(limit / 2);
    const inConversation = (extra: SQL) =>
      and(eq(messages.conversationId, conversationId), gt(messages.id, from), live, notHeldFor(messages, viewer), extra);
    const [older, newer] = await Promise.all([
      this.db
        .select()
        .from(messages)
        .where(inConversation(lt(messages.id, around)))
        .orderBy(desc(messages.id))
        .limit(half),
      this.db
        .select()
        .from(messages)
        .where(inConversation(sql`${messages.id} >= ${around}`))
        .orderBy(asc(messages.id))
        .limit(limit - half),
    ]);
    return [...rows(older).reverse(), ...rows(newer)];
  }

  /** Messages of any kind by id: who may see each is the caller's to decide. */
  async findByIds(ids: number[]): Promise<MessageByIdRow[]> {
    if (!ids.length) return [];
    return this.statements.byIds.execute({ ids });
  }

  async findById(id: number): Promise<MessageByIdRow | null> {
    return (await this.findByIds([id]))[0] ?? null;
  }

  /** Which of these messages a filter holds for review. */
  async findHeldIds(ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    return new Set((await this.statements.heldIds.execute({ ids })).map((r) => r.id));
  }

  async findReactions(messageIds: number[]): Promise<ReactionRow[]> {
    if (!messageIds.length) return [];
    return this.statements.reactions.execute({ ids: messageIds });
  }

  async findSenders(ids: number[]): Promise<SenderRow[]> {
    if (!ids.length) return [];
    return this.statements.senders.execute({ ids });
  }

  /** Pinned messages of the conversation that the reader may see, newest pin first. */
  async findPinned(conversationId: number, viewer: number, from: number): Promise<ConversationMessageRow[]> {
    return rows(
      await this.db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            isNotNull(messages.pinnedAt),
            gt(messages.id, from),
            live,
            notHeldFor(messages, viewer),
          ),
        )
        .orderBy(desc(messages.pinnedAt)),
    );
  }

  async newestId(conversationId: number): Promise<number> {
    const [row] = await this.db
      .select({ id: sql<number>`coalesce(max(${messages.id}), 0)` })
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    return Number(row?.id ?? 0);
  }

  async addReaction(messageId: number, userId: number, emoji: string) {
    await this.db.insert(messageReactions).values({ messageId, userId, emoji }).onConflictDoNothing();
  }

  /** Whether the member had reacted with this emoji (then it is taken back). */
  async removeReaction(messageId: number, userId: number, emoji: string): Promise<boolean> {
    const gone = await this.db
      .delete(messageReactions)
      .where(and(eq(messageReactions.messageId, messageId), eq(messageReactions.userId, userId), eq(messageReactions.emoji, emoji)))
      .returning({ emoji: messageReactions.emoji });
    return gone.length > 0;
  }

  async updateText(id: number, text: string): Promise<StoredMessageRow> {
    const [row] = await this.db.update(messages).set({ text, editedAt: new Date() }).where(eq(messages.id, id)).returning();
    return row!;
  }

  /** 'Delete for me': idempotent, a second hide of the same message changes nothing. */
  async hide(messageId: number, userId: number): Promise<void> {
    await this.db.insert(messageHides).values({ messageId, userId }).onConflictDoNothing();
  }

  /** Deleted by its sender, or removed by a moderator (`removedBy`): the content and reactions go, the row stays. */
  async softDelete(id: number, removedBy: number | null): Promise<StoredMessageRow> {
    return this.db.transaction(async (tx) => {
      await tx.delete(messageReactions).where(eq(messageReactions.messageId, id));
      const [row] = await tx
        .update(messages)
        .set({ ...EMPTIED, deletedAt: new Date(), removedBy })
        .where(eq(messages.id, id))
        .returning();
      return row!;
    });
  }

  /** Pins (by this member) or unpins (`by` null). A message pinned already keeps its place in the pins. */
  async setPinned(id: number, by: number | null): Promise<StoredMessageRow> {
    const [row] = await this.db
      .update(messages)
      .set(
        by === null
          ? { pinnedAt: null, pinnedBy: null }
          : { pinnedAt: sql`coalesce(${messages.pinnedAt}, now())`, pinnedBy: sql`coalesce(${messages.pinnedBy}, ${by}::int)` },
      )
      .where(eq(messages.id, id))
      .returning();
    return row!;
  }

  /** A line the conversation writes itself ("Ada added Ben"), stored like any message so it keeps its place. */
  async insertSystemLine(conversationId: number, actorId: number, line: SystemLine): Promise<ConversationMessageRow> {
    const [row] = await this.db.insert(messages).values({ conversationId, senderId: actorId, text: '', system: line }).returning();
    return row as ConversationMessageRow;
  }

  /** Clears group messages past their auto-delete time (see clearExpiredMessages), a batch at a time. */
  async softDeleteExpired(limit: number): Promise<Array<{ row: ConversationMessageRow; mediaUrl: string | null }>> {
    return (await clearExpiredMessages(this.db, isNotNull(messages.conversationId), limit)) as Array<{
      row: ConversationMessageRow;
      mediaUrl: string | null;
    }>;
  }
}
