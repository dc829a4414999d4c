import { and, asc, count, desc, eq, exists, gt, ilike, inArray, isNotNull, isNull, lt, lte, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AutoDeletePeriod } from '@tribeverse/shared';
import type { Db } from '../../db/client.ts';
import { blockedEitherWay } from '../../db/persistence/members.ts';
import { follows, messageHides, messageReactions, messages, userSettings, users } from '../../db/schema/index.ts';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

const inPair = (a: number, b: number) =>
  or(and(eq(messages.senderId, a), eq(messages.receiverId, b)), and(eq(messages.senderId, b), eq(messages.receiverId, a)))!;
const involving = (userId: number) => or(eq(messages.senderId, userId), eq(messages.receiverId, userId))!;
const peerOf = (userId: number) =>
  sql<number>`case when ${messages.senderId} = ${userId} then ${messages.receiverId} else ${messages.senderId} end`;
/**
 * Not past its auto-delete time. Every read a person sees (history, lists, unread counts) applies it, so an expired
 * message is gone at once, whether or not the cleanup has cleared it yet.
 */
const live = or(isNull(messages.expiresAt), gt(messages.expiresAt, sql`now()`))!;
/** Postgres intervals of the timer; 1 month is a calendar month, as the member chose it. */
const TIMER_INTERVAL: Record<Exclude<AutoDeletePeriod, 'off'>, string> = { '1d': '1 day', '1w': '7 days', '1m': '1 month' };
/** LIKE wildcards typed by a person are matched literally. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const userColumns = {
  id: users.id,
  fullName: users.fullName,
  username: users.username,
  profilePicture: users.profilePicture,
  deletedAt: users.deletedAt,
};
export type ChatUserRow = {
  id: number;
  fullName: string | null;
  username: string | null;
  profilePicture: string | null;
  /** A deleted account: kept only as the sender of the messages others received. */
  deletedAt: Date | null;
};

/** The only code of the chat that touches the database. */
export class ChatRepository {
  constructor(private readonly db: Db) {}

  /** Not deleted 'for me' by this member. */
  private visibleTo(me: number) {
    return sql`not ${exists(
      this.db
        .select({ one: sql`1` })
        .from(messageHides)
        .where(and(eq(messageHides.messageId, messages.id), eq(messageHides.userId, me))),
    )}`;
  }

  /** 'Delete for me': idempotent, a second hide of the same message changes nothing. */
  async hide(messageId: number, userId: number): Promise<void> {
    await this.db.insert(messageHides).values({ messageId, userId }).onConflictDoNothing();
  }

  private blockedEitherWay(me: number, other: SQL | typeof users.id) {
    return blockedEitherWay(this.db, me, other);
  }

  async mayMessage(me: number, peerId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ allowed: sql<boolean>`${this.messagingAllowed(me, sql`${peerId}`)}` })
      .from(sql`(select 1) as one`);
    return Boolean(row?.allowed);
  }

  /** The peer's 'who may message me' lets `me` write: everyone, or people the peer follows. */
  private messagingAllowed(me: number, peer: SQL | typeof users.id) {
    return sql`(coalesce((select ${userSettings.messagePermission} from ${userSettings} where ${userSettings.userId} = ${peer}), 'everyone') = 'everyone'
      or exists (select 1 from ${follows} where ${follows.followerId} = ${peer} and ${follows.followeeId} = ${me}))`;
  }

  /** Members the caller may message: people they talk with first (latest activity first), then everyone else. */
  async findMessageableUsers(me: number, search: string | undefined, limit: number, offset = 0): Promise<ChatUserRow[]> {
    const peer = peerOf(me);
    const activity = this.db
      .select({ peerId: peer.as('peer_id'), lastId: max(messages.id).as('last_id') })
      .from(messages)
      .where(involving(me))
      // By position: the CASE with fresh parameters would not match the selected one.
      .groupBy(sql`1`)
      .as('activity');
    const filters: SQL[] = [
      ne(users.id, me),
      sql`not ${this.blockedEitherWay(me, users.id)}`,
      sql`${this.messagingAllowed(me, users.id)}`,
      // A deleted member stays only where there is a conversation to read back.
      or(isNull(users.deletedAt), isNotNull(activity.lastId))!,
    ];
    if (search) filters.push(or(ilike(users.fullName, likePattern(search)), ilike(users.username, likePattern(search)))!);
    return this.db
      .select(userColumns)
      .from(users)
      .leftJoin(activity, eq(activity.peerId, users.id))
      .where(and(...filters))
      .orderBy(sql`${activity.lastId} desc nulls last`, asc(users.id))
      .limit(limit)
      .offset(offset);
  }

  async findUsers(ids: number[]): Promise<ChatUserRow[]> {
    if (!ids.length) return [];
    return this.db.select(userColumns).from(users).where(inArray(users.id, ids));
  }

  /**
   * Latest message id per conversation partner, newest conversation first. For the chat list (`visibleOnly`), messages
   * the member deleted for themselves do not count; for presence, every partner does.
   */
  async findConversationHeads(me: number, visibleOnly = false): Promise<Array<{ peerId: number; lastId: number }>> {
    const peer = peerOf(me);
    const rows = await this.db
      .select({ peerId: peer, lastId: max(messages.id) })
      .from(messages)
      .where(and(involving(me), live, visibleOnly ? this.visibleTo(me) : undefined))
      // By position: the CASE with fresh parameters would not match the selected one.
      .groupBy(sql`1`)
      .orderBy(desc(max(messages.id)));
    return rows.map((r) => ({ peerId: Number(r.peerId), lastId: Number(r.lastId) }));
  }

  async findPartnerIds(userId: number): Promise<number[]> {
    return (await this.findConversationHeads(userId)).map((h) => h.peerId);
  }

  async countUnreadBySender(me: number): Promise<Map<number, number>> {
    const rows = await this.db
      .select({ senderId: messages.senderId, unread: count() })
      .from(messages)
      .where(and(eq(messages.receiverId, me), isNull(messages.readAt), isNull(messages.deletedAt), live))
      .groupBy(messages.senderId);
    return new Map(rows.map((r) => [r.senderId, Number(r.unread)]));
  }

  async countUnread(me: number): Promise<number> {
    const [row] = await this.db
      .select({ unread: count() })
      .from(messages)
      .where(and(eq(messages.receiverId, me), isNull(messages.readAt), isNull(messages.deletedAt), live));
    return Number(row?.unread ?? 0);
  }

  async findByIds(ids: number[]): Promise<MessageRow[]> {
    if (!ids.length) return [];
    return this.db.select().from(messages).where(inArray(messages.id, ids));
  }

  async findById(id: number): Promise<MessageRow | null> {
    const [row] = await this.db.select().from(messages).where(eq(messages.id, id)).limit(1);
    return row ?? null;
  }

  async findInPair(id: number, a: number, b: number): Promise<MessageRow | null> {
    const [row] = await this.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), inPair(a, b)))
      .limit(1);
    return row ?? null;
  }

  /** The `limit` newest messages of the pair older than `beforeId` that `a` has not deleted for themselves, oldest first. */
  async findPage(a: number, b: number, limit: number, beforeId?: number): Promise<MessageRow[]> {
    const rows = await this.db
      .select()
      .from(messages)
      .where(and(inPair(a, b), live, this.visibleTo(a), beforeId ? lt(messages.id, beforeId) : undefined))
      .orderBy(desc(messages.id))
      .limit(limit);
    return rows.reverse();
  }

  /**
   * Inserts unless the sender already stored a message with this client id; returns the row and whether it is new.
   * With a timer the expiry is the row's own created_at (the same now()) plus the period.
   */
  async insertIdempotent(values: NewMessage, timer: AutoDeletePeriod = 'off'): Promise<{ row: MessageRow; created: boolean }> {
    const expiresAt = timer === 'off' ? null : sql`now() + ${TIMER_INTERVAL[timer]}::interval`;
    const [row] = await this.db
      .insert(messages)
      .values({ ...values, expiresAt })
      .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
      .returning();
    if (row) return { row, created: true };
    const [existing] = await this.db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, values.senderId), eq(messages.clientId, values.clientId!)))
      .limit(1);
    return { row: existing!, created: false };
  }

  /**
   * Everything a send must know, in one round trip: does the peer exist, is there a block, was this client_id stored
   * already, and the sender's auto-delete timer.
   */
  async findSendContext(me: number, peerId: number, clientId?: string) {
    const [row] = await this.db
      .select({
        blocked: sql<boolean>`${blockedEitherWay(this.db, me, peerId)}`,
        existingId: clientId
          ? sql<number | null>`(${this.db
              .select({ id: messages.id })
              .from(messages)
              .where(and(eq(messages.senderId, me), eq(messages.clientId, clientId)))})`
          : sql<null>`null`,
        timer: sql<AutoDeletePeriod | null>`(${this.db.select({ v: userSettings.autoDelete }).from(userSettings).where(eq(userSettings.userId, me))})`,
        allowed: sql<boolean>`${this.messagingAllowed(me, sql`${peerId}`)}`,
      })
      .from(users)
      .where(and(eq(users.id, peerId), isNull(users.deletedAt)));
    if (!row) return null;
    return {
      peerExists: true,
      blocked: Boolean(row.blocked),
      existingId: row.existingId === null ? null : Number(row.existingId),
      timer: row.timer ?? ('off' as const),
      allowed: Boolean(row.allowed),
    };
  }

  async updateText(id: number, text: string): Promise<MessageRow> {
    const [row] = await this.db.update(messages).set({ text, editedAt: new Date() }).where(eq(messages.id, id)).returning();
    return row!;
  }

  async softDelete(id: number): Promise<MessageRow> {
    return this.db.transaction(async (tx) => {
      await tx.delete(messageReactions).where(eq(messageReactions.messageId, id));
      const [row] = await tx
        .update(messages)
        .set({ text: '', mediaUrl: null, mediaType: null, fileName: null, deletedAt: new Date() })
        .where(eq(messages.id, id))
        .returning();
      return row!;
    });
  }

  /**
   * Clears up to `limit` messages past their time the way 'delete for everyone' does, in one transaction. Rows
   * another process is clearing are skipped (SKIP LOCKED) and cleared rows no longer match: each message is cleared,
   * and announced, once. Returns the cleared rows with the media each one held.
   */
  async softDeleteExpired(limit: number): Promise<Array<{ row: MessageRow; mediaUrl: string | null }>> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: messages.id, mediaUrl: messages.mediaUrl })
        .from(messages)
        .where(and(isNotNull(messages.expiresAt), lte(messages.expiresAt, sql`now()`), isNull(messages.deletedAt)))
        .orderBy(asc(messages.expiresAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      const ids = due.map((d) => d.id);
      await tx.delete(messageReactions).where(inArray(messageReactions.messageId, ids));
      const rows = await tx
        .update(messages)
        .set({ text: '', mediaUrl: null, mediaType: null, fileName: null, deletedAt: new Date() })
        .where(inArray(messages.id, ids))
        .returning();
      const media = new Map(due.map((d) => [d.id, d.mediaUrl]));
      return rows.map((row) => ({ row, mediaUrl: media.get(row.id) ?? null }));
    });
  }

  /** Marks the peer's messages to me up to a message id as read; returns how many changed. */
  async markRead(me: number, peerId: number, upToId: number, at: Date, privately: boolean): Promise<number> {
    const rows = await this.db
      .update(messages)
      .set({ readAt: at, readPrivately: privately })
      .where(and(eq(messages.senderId, peerId), eq(messages.receiverId, me), lte(messages.id, upToId), isNull(messages.readAt)))
      .returning({ id: messages.id });
    return rows.length;
  }

  async findReactions(messageIds: number[]) {
    if (!messageIds.length) return [];
    return this.db
      .select({ messageId: messageReactions.messageId, userId: messageReactions.userId, emoji: messageReactions.emoji })
      .from(messageReactions)
      .where(inArray(messageReactions.messageId, messageIds))
      .orderBy(asc(messageReactions.createdAt));
  }

  async addReaction(messageId: number, userId: number, emoji: string) {
    await this.db.insert(messageReactions).values({ messageId, userId, emoji }).onConflictDoNothing();
  }

  async removeReaction(messageId: number, userId: number, emoji: string) {
    await this.db
      .delete(messageReactions)
      .where(and(eq(messageReactions.messageId, messageId), eq(messageReactions.userId, userId), eq(messageReactions.emoji, emoji)));
  }
}
