import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { communityMembers, communityMessageReactions, communityMessages, users } from '../../db/schema/index.ts';
import { userColumns, type UserRow } from './communities-members.repository.ts';

export type CommunityMessageRow = typeof communityMessages.$inferSelect;
export type NewCommunityMessage = typeof communityMessages.$inferInsert;
export type ReactionRow = typeof communityMessageReactions.$inferSelect;

const p = (name: string) => sql.placeholder(name);
/** `column = any(ids)`: one parameter for a list of any length, so the statement can be prepared once. */
const anyOf = (column: AnyPgColumn, ids: string) => sql`${column} = any(${p(ids)}::int[])`;

/** The statements of sending and reading a community's chat, prepared once: built once, planned once per connection. */
function prepareStatements(db: Db) {
  const page = (before: boolean, name: string) =>
    db
      .select()
      .from(communityMessages)
      .where(
        and(
          eq(communityMessages.communityId, p('communityId')),
          gt(communityMessages.id, p('after')),
          before ? lt(communityMessages.id, p('before')) : undefined,
        ),
      )
      .orderBy(desc(communityMessages.id))
      .limit(p('limit'))
      .prepare(name);
  return {
    insert: db
      .insert(communityMessages)
      .values({
        communityId: p('communityId'),
        senderId: p('senderId'),
        clientId: p('clientId'),
        text: p('text'),
        mediaUrl: p('mediaUrl'),
        mediaType: p('mediaType'),
        fileName: p('fileName'),
        replyToId: p('replyToId'),
      })
      .onConflictDoNothing({ target: [communityMessages.senderId, communityMessages.clientId] })
      .returning()
      .prepare('community_message_insert'),
    byClientId: db
      .select()
      .from(communityMessages)
      .where(and(eq(communityMessages.senderId, p('senderId')), eq(communityMessages.clientId, p('clientId'))))
      .limit(1)
      .prepare('community_message_by_client_id'),
    byId: db
      .select()
      .from(communityMessages)
      .where(eq(communityMessages.id, p('id')))
      .limit(1)
      .prepare('community_message_by_id'),
    byIds: db.select().from(communityMessages).where(anyOf(communityMessages.id, 'ids')).prepare('community_messages_by_ids'),
    pageLatest: page(false, 'community_messages_page_latest'),
    pageBefore: page(true, 'community_messages_page_before'),
    reactions: db
      .select()
      .from(communityMessageReactions)
      .where(anyOf(communityMessageReactions.messageId, 'ids'))
      .orderBy(asc(communityMessageReactions.createdAt))
      .prepare('community_message_reactions'),
    senders: db.select(userColumns).from(users).where(anyOf(users.id, 'ids')).prepare('community_message_senders'),
  };
}

/** Community chat messages, reactions and each member's read position. */
export class CommunityMessagesRepository {
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(private readonly db: Db) {
    this.statements = prepareStatements(db);
  }

  /**
   * Stores a message once: a retry with the same client_id finds the stored one. One insert per message, whatever
   * the number of members.
   */
  async insertIdempotent(values: NewCommunityMessage): Promise<{ row: CommunityMessageRow; created: boolean }> {
    const [row] = await this.statements.insert.execute({
      communityId: values.communityId,
      senderId: values.senderId,
      clientId: values.clientId ?? null,
      text: values.text ?? '',
      mediaUrl: values.mediaUrl ?? null,
      mediaType: values.mediaType ?? null,
      fileName: values.fileName ?? null,
      replyToId: values.replyToId ?? null,
    });
    if (row) return { row, created: true };
    const existing = await this.findByClientId(values.senderId, values.clientId!);
    return { row: existing!, created: false };
  }

  async findByClientId(senderId: number, clientId: string): Promise<CommunityMessageRow | null> {
    const [row] = await this.statements.byClientId.execute({ senderId, clientId });
    return row ?? null;
  }

  async findById(id: number): Promise<CommunityMessageRow | null> {
    const [row] = await this.statements.byId.execute({ id });
    return row ?? null;
  }

  async findByIds(ids: number[]): Promise<CommunityMessageRow[]> {
    if (!ids.length) return [];
    return this.statements.byIds.execute({ ids });
  }

  /** The `limit` newest messages after the member's Clear chat and before `before`, oldest first. */
  async findPage(communityId: number, after: number, limit: number, before?: number): Promise<CommunityMessageRow[]> {
    const rows = before
      ? await this.statements.pageBefore.execute({ communityId, after, before, limit })
      : await this.statements.pageLatest.execute({ communityId, after, limit });
    return rows.reverse();
  }

  /** Messages with a file, after this id and in id order, `limit` at a time. */
  async findFilesAfter(afterId: number, limit: number): Promise<Array<{ id: number; mediaUrl: string }>> {
    const rows = await this.db
      .select({ id: communityMessages.id, mediaUrl: communityMessages.mediaUrl })
      .from(communityMessages)
      .where(and(gt(communityMessages.id, afterId), sql`${communityMessages.mediaUrl} is not null`))
      .orderBy(asc(communityMessages.id))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, mediaUrl: r.mediaUrl! }));
  }

  /** The files of a community's messages, to remove with the community. */
  async mediaOf(communityId: number): Promise<string[]> {
    const rows = await this.db
      .select({ url: communityMessages.mediaUrl })
      .from(communityMessages)
      .where(and(eq(communityMessages.communityId, communityId), sql`${communityMessages.mediaUrl} is not null`));
    return rows.map((r) => r.url!);
  }

  async newestId(communityId: number): Promise<number> {
    const [row] = await this.db
      .select({ id: sql<number | null>`max(${communityMessages.id})` })
      .from(communityMessages)
      .where(eq(communityMessages.communityId, communityId));
    return Number(row?.id ?? 0);
  }

  async findReactions(ids: number[]): Promise<ReactionRow[]> {
    if (!ids.length) return [];
    return this.statements.reactions.execute({ ids });
  }

  async findSenders(ids: number[]): Promise<UserRow[]> {
    if (!ids.length) return [];
    return this.statements.senders.execute({ ids });
  }

  async addReaction(messageId: number, userId: number, emoji: string) {
    await this.db.insert(communityMessageReactions).values({ messageId, userId, emoji }).onConflictDoNothing();
  }

  async removeReaction(messageId: number, userId: number, emoji: string) {
    await this.db
      .delete(communityMessageReactions)
      .where(
        and(
          eq(communityMessageReactions.messageId, messageId),
          eq(communityMessageReactions.userId, userId),
          eq(communityMessageReactions.emoji, emoji),
        ),
      );
  }

  async updateText(id: number, text: string): Promise<CommunityMessageRow> {
    const [row] = await this.db
      .update(communityMessages)
      .set({ text, editedAt: new Date() })
      .where(eq(communityMessages.id, id))
      .returning();
    return row!;
  }

  /** Deleted by its sender, or removed by a moderator: the content goes, the row stays (replies and order hold). */
  async softDelete(id: number, removedBy: number | null): Promise<CommunityMessageRow> {
    const [row] = await this.db
      .update(communityMessages)
      .set({ text: '', mediaUrl: null, mediaType: null, fileName: null, deletedAt: new Date(), removedBy })
      .where(eq(communityMessages.id, id))
      .returning();
    await this.db.delete(communityMessageReactions).where(eq(communityMessageReactions.messageId, id));
    return row!;
  }

  /** Moves the read position forward only (an older up_to_id from a slow tab changes nothing). */
  async markRead(communityId: number, userId: number, upTo: number) {
    await this.db
      .update(communityMembers)
      .set({ lastReadId: sql`greatest(${communityMembers.lastReadId}, ${upTo})` })
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)));
  }

  /**
   * Unread messages per community of the member: others' live messages past both the read position and Clear chat.
   * Muted communities (an open-ended mute, or one not yet over) count nothing.
   */
  async unreadByCommunity(userId: number, communityIds?: number[]): Promise<Map<number, number>> {
    const rows = await this.db
      .select({ communityId: communityMembers.communityId, n: count(communityMessages.id) })
      .from(communityMembers)
      .innerJoin(
        communityMessages,
        and(
          eq(communityMessages.communityId, communityMembers.communityId),
          gt(communityMessages.id, sql`greatest(${communityMembers.lastReadId}, ${communityMembers.clearedBefore})`),
          ne(communityMessages.senderId, userId),
          isNull(communityMessages.deletedAt),
        ),
      )
      .where(
        and(
          eq(communityMembers.userId, userId),
          eq(communityMembers.state, 'member'),
          sql`not (${communityMembers.muted} and (${communityMembers.mutedUntil} is null or ${communityMembers.mutedUntil} > now()))`,
          communityIds ? (communityIds.length ? inArray(communityMembers.communityId, communityIds) : sql`false`) : undefined,
        ),
      )
      .groupBy(communityMembers.communityId);
    return new Map(rows.map((r) => [r.communityId, Number(r.n)]));
  }
}
