import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  max,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { anyRow } from '../../db/persistence/any-row.ts';
import { clearExpiredMessages } from '../../db/persistence/auto-delete.ts';
import { follows, messageHides, messages, userSettings, type users } from '../../db/schema/index.ts';
import { notHeld, notHeldFor } from '../../db/persistence/moderated-messages.ts';

/** A direct message: private chat reads only rows of two people (those of groups and channels have no receiver). */
export type MessageRow = typeof messages.$inferSelect & { receiverId: number };
export type NewMessage = typeof messages.$inferInsert;

/** A member id: a value, or the name of a prepared statement's parameter. */
export type Id = number | Placeholder;
export const p = (name: string) => sql.placeholder(name);
/** `column = any(ids)`: one parameter for a list of any length, so the statement can be prepared once. */
export const anyOf = (column: AnyPgColumn, ids: Placeholder) => sql`${column} = any(${ids}::int[])`;

export const inPair = (a: Id | SQL, b: Id | SQL) =>
  or(and(eq(messages.senderId, a), eq(messages.receiverId, b)), and(eq(messages.senderId, b), eq(messages.receiverId, a)))!;
/** A direct message: one with a receiver (a group's or a channel's has none, and private chat never reads it). */
export const direct = isNotNull(messages.receiverId);
export const involving = (userId: Id) => and(direct, or(eq(messages.senderId, userId), eq(messages.receiverId, userId)))!;
export const peerOf = (userId: Id) =>
  sql<number>`case when ${messages.senderId} = ${userId} then ${messages.receiverId} else ${messages.senderId} end`;
/**
 * Not past its auto-delete time. Every read a person sees (history, lists, unread counts) applies it, so an expired
 * message is gone at once, whether or not the cleanup has cleared it yet.
 */
export const live = or(isNull(messages.expiresAt), gt(messages.expiresAt, sql`now()`))!;

/** The peer's 'who may message me' lets the sender write: everyone, or people the peer follows. */
export const messagingAllowed = (sender: SQL | Id, peer: SQL | Id | typeof users.id) =>
  sql`(coalesce((select ${userSettings.messagePermission} from ${userSettings} where ${userSettings.userId} = ${peer}), 'everyone') = 'everyone'
      or exists (select 1 from ${follows} where ${follows.followerId} = ${peer} and ${follows.followeeId} = ${sender}))`;
/** Not deleted 'for me' by this member. */
const visibleTo = (db: Db, me: Id) =>
  sql`not ${exists(
    db
      .select({ one: sql`1` })
      .from(messageHides)
      .where(and(eq(messageHides.messageId, messages.id), eq(messageHides.userId, me))),
  )}`;

function prepareStatements(db: Db) {
  const page = (before: boolean, name: string) =>
    db
      .select()
      .from(messages)
      .where(
        and(
          inPair(p('a'), p('b')),
          live,
          visibleTo(db, p('a')),
          notHeldFor(messages, p('a')),
          before ? lt(messages.id, p('before')) : undefined,
        ),
      )
      .orderBy(desc(messages.id))
      .limit(p('limit'))
      .prepare(name);
  const unread = and(eq(messages.receiverId, p('me')), isNull(messages.readAt), isNull(messages.deletedAt), live, notHeld(messages.id));
  return {
    headsVisible: db
      .select({ peerId: peerOf(p('me')), lastId: max(messages.id) })
      .from(messages)
      .where(and(involving(p('me')), live, visibleTo(db, p('me')), notHeldFor(messages, p('me'))))
      // By position: the CASE with fresh parameters would not match the selected one.
      .groupBy(sql`1`)
      .orderBy(desc(max(messages.id)))
      .prepare('chat_heads'),
    partners: db
      .selectDistinct({ peerId: peerOf(p('me')) })
      .from(messages)
      .where(and(involving(p('me')), live))
      .prepare('chat_partners'),
    countUnreadBySender: db
      .select({ senderId: messages.senderId, unread: count() })
      .from(messages)
      .where(unread)
      .groupBy(messages.senderId)
      .prepare('chat_count_unread_by_sender'),
    countUnread: db.select({ unread: count() }).from(messages).where(unread).prepare('chat_count_unread'),
    findByIds: db
      .select()
      .from(messages)
      .where(and(anyOf(messages.id, p('ids')), direct))
      .prepare('chat_find_by_ids'),
    findById: db
      .select({ ...getTableColumns(messages), held: sql<boolean>`not ${notHeld(messages.id)}`.as('held') })
      .from(messages)
      .where(and(eq(messages.id, p('id')), direct))
      .limit(1)
      .prepare('chat_find_by_id'),
    findInPair: db
      .select()
      .from(messages)
      .where(and(eq(messages.id, p('id')), inPair(p('a'), p('b'))))
      .limit(1)
      .prepare('chat_find_in_pair'),
    pageLatest: page(false, 'chat_page_latest'),
    pageBefore: page(true, 'chat_page_before'),
    markRead: db
      .update(messages)
      .set({ readAt: sql`${p('at')}::timestamptz`, readPrivately: sql`${p('privately')}::boolean` })
      .where(
        and(
          eq(messages.senderId, p('peer')),
          eq(messages.receiverId, p('me')),
          lte(messages.id, p('upTo')),
          isNull(messages.readAt),
          // A held message stays unread: released, it comes to the receiver as new.
          notHeld(messages.id),
        ),
      )
      .returning({ id: messages.id })
      .prepare('chat_mark_read'),
  };
}

/**
 * Direct chats' reads in the database: history, pins, unread counts, conversation heads, read times. Sends and the
 * actions on a message (edit, delete, reactions, pins) are the conversation core's. The hot reads are prepared once
 * here: their SQL is built once and PostgreSQL plans it once per connection.
 */
export class ChatRepository {
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(private readonly db: Db) {
    this.statements = prepareStatements(db);
  }

  /**
   * Latest message id per conversation partner, newest conversation first; messages the member deleted for
   * themselves do not count.
   */
  async findConversationHeads(me: number): Promise<Array<{ peerId: number; lastId: number }>> {
    const rows = await this.statements.headsVisible.execute({ me });
    return rows.map((r) => ({ peerId: Number(r.peerId), lastId: Number(r.lastId) }));
  }

  /** Everyone the member has a conversation with (deleted for themselves or not). */
  async findPartnerIds(userId: number): Promise<number[]> {
    return (await this.statements.partners.execute({ me: userId })).map((r) => Number(r.peerId));
  }

  async countUnreadBySender(me: number): Promise<Map<number, number>> {
    const rows = await this.statements.countUnreadBySender.execute({ me });
    return new Map(rows.map((r) => [r.senderId, Number(r.unread)]));
  }

  async countUnread(me: number): Promise<number> {
    const [row] = await this.statements.countUnread.execute({ me });
    return Number(row?.unread ?? 0);
  }

  async findByIds(ids: number[]): Promise<MessageRow[]> {
    if (!ids.length) return [];
    return (await this.statements.findByIds.execute({ ids })) as MessageRow[];
  }

  /** Whether this member deleted the message for themselves ('Delete for me'). */
  isHiddenFor(messageId: number, userId: number): Promise<boolean> {
    return anyRow(this.db, messageHides, and(eq(messageHides.messageId, messageId), eq(messageHides.userId, userId)));
  }

  /** Messages with a file, after this id and in id order, `limit` at a time. */
  async findFilesAfter(afterId: number, limit: number): Promise<Array<{ id: number; mediaUrl: string }>> {
    const rows = await this.db
      .select({ id: messages.id, mediaUrl: messages.mediaUrl })
      .from(messages)
      .where(and(gt(messages.id, afterId), isNotNull(messages.mediaUrl)))
      .orderBy(asc(messages.id))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, mediaUrl: r.mediaUrl! }));
  }

  /** A direct message by id, with whether a filter holds it for review (then it is its sender's alone). */
  async findById(id: number): Promise<(MessageRow & { held: boolean }) | null> {
    const [row] = await this.statements.findById.execute({ id });
    return (row as (MessageRow & { held: boolean }) | undefined) ?? null;
  }

  async findInPair(id: number, a: number, b: number): Promise<MessageRow | null> {
    const [row] = await this.statements.findInPair.execute({ id, a, b });
    return (row as MessageRow | undefined) ?? null;
  }

  /** The `limit` newest messages of the pair older than `beforeId` that `a` has not deleted for themselves, oldest first. */
  async findPage(a: number, b: number, limit: number, beforeId?: number): Promise<MessageRow[]> {
    const rows = beforeId
      ? await this.statements.pageBefore.execute({ a, b, limit, before: beforeId })
      : await this.statements.pageLatest.execute({ a, b, limit });
    return (rows as MessageRow[]).reverse();
  }

  /**
   * Up to `limit` messages of the pair centred on `around` (half before it, the rest from it on) that `a` has not
   * deleted for themselves, oldest first: a jump to a pinned message that is not among the loaded pages.
   */
  async findAround(a: number, b: number, around: number, limit: number): Promise<MessageRow[]> {
    const half = Math.floor(limit / 2);
    const inView = (extra: SQL) => and(inPair(a, b), live, visibleTo(this.db, a), notHeldFor(messages, a), extra);
    const [older, newer] = await Promise.all([
      this.db
        .select()
        .from(messages)
        .where(inView(lt(messages.id, around)))
        .orderBy(desc(messages.id))
        .limit(half),
      this.db
        .select()
        .from(messages)
        .where(inView(gte(messages.id, around)))
        .orderBy(asc(messages.id))
        .limit(limit - half),
    ]);
    return [...(older as MessageRow[]).reverse(), ...(newer as MessageRow[])];
  }

  /** The pair's pinned messages that `a` sees (not deleted, not past their time, not deleted by `a` for themselves), newest pin first. */
  async findPinned(a: number, b: number): Promise<MessageRow[]> {
    const rows = await this.db
      .select()
      .from(messages)
      .where(
        and(inPair(a, b), isNotNull(messages.pinnedAt), isNull(messages.deletedAt), live, visibleTo(this.db, a), notHeldFor(messages, a)),
      )
      .orderBy(desc(messages.pinnedAt), desc(messages.id));
    return rows as MessageRow[];
  }

  /**
   * Clears up to `limit` messages past their time the way 'delete for everyone' does, in one transaction. Rows
   * another process is clearing are skipped (SKIP LOCKED) and cleared rows no longer match: each message is cleared,
   * and announced, once. Returns the cleared rows with the media each one held.
   */
  async softDeleteExpired(limit: number): Promise<Array<{ row: MessageRow; mediaUrl: string | null }>> {
    return (await clearExpiredMessages(this.db, direct, limit)) as Array<{ row: MessageRow; mediaUrl: string | null }>;
  }

  /** Marks the peer's messages to me up to a message id as read; returns how many changed. */
  async markRead(me: number, peerId: number, upToId: number, at: Date, privately: boolean): Promise<number> {
    const rows = await this.statements.markRead.execute({ me, peer: peerId, upTo: upToId, at: at.toISOString(), privately });
    return rows.length;
  }
}
