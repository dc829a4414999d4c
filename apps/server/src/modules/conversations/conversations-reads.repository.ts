import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversationMembers, messages } from '../../db/schema/index.ts';
import { notHeld } from '../../db/persistence/moderated-messages.ts';

/** What one person's row says about a conversation: where their reading starts, how far they read, their mute. */
export interface ReaderState {
  role: 'admin' | 'member';
  state: 'member' | 'left' | 'removed';
  historyFrom: number;
  lastReadId: number;
  clearedBefore: number;
  muted: boolean;
  mutedUntil: Date | null;
}

/** Unread counts stop here: a badge says "999+" past it, and counting never walks a whole channel's history. */
export const UNREAD_CAP = 999;

/**
 * Each person's position in each conversation (conversation_members): read position, Clear chat, mute. A group's
 * rows are its membership (written by the groups' repository); a channel's are written here when first needed.
 */
export class ConversationReadsRepository {
  constructor(private readonly db: Db) {}

  async find(conversationId: number, userId: number): Promise<ReaderState | null> {
    const [row] = await this.db
      .select()
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
    return row ?? null;
  }

  /** Moves the read position forward (never back) and answers what is left unread after it. */
  async markRead(conversationId: number, userId: number, upTo: number): Promise<void> {
    await this.db
      .insert(conversationMembers)
      .values({ conversationId, userId, lastReadId: upTo })
      .onConflictDoUpdate({
        target: [conversationMembers.conversationId, conversationMembers.userId],
        set: { lastReadId: sql`greatest(${conversationMembers.lastReadId}, excluded.last_read_id)` },
      });
  }

  /** Clear chat: everything up to the newest message is hidden for this person only (and counts as read). */
  async clear(conversationId: number, userId: number): Promise<void> {
    const newest = sql`coalesce((select max(${messages.id}) from ${messages} where ${messages.conversationId} = ${conversationId}), 0)`;
    await this.db
      .insert(conversationMembers)
      .values({ conversationId, userId, clearedBefore: newest, lastReadId: newest })
      .onConflictDoUpdate({
        target: [conversationMembers.conversationId, conversationMembers.userId],
        set: {
          clearedBefore: sql`excluded.cleared_before`,
          lastReadId: sql`greatest(${conversationMembers.lastReadId}, excluded.last_read_id)`,
        },
      });
  }

  async setMute(conversationId: number, userId: number, muted: boolean, until: Date | null): Promise<void> {
    await this.db
      .insert(conversationMembers)
      .values({ conversationId, userId, muted, mutedUntil: until })
      .onConflictDoUpdate({
        target: [conversationMembers.conversationId, conversationMembers.userId],
        set: { muted, mutedUntil: until },
      });
  }

  /**
   * Sets the read position of these people to the conversation's newest message (a new channel member starts with
   * nothing unread), without moving anyone back.
   */
  async markAllRead(conversationId: number, userIds: number[]): Promise<void> {
    if (!userIds.length) return;
    const newest = sql`coalesce((select max(${messages.id}) from ${messages} where ${messages.conversationId} = ${conversationId}), 0)`;
    await this.db.execute(sql`
      insert into ${conversationMembers} (conversation_id, user_id, last_read_id)
      select ${conversationId}::int, u.id, ${newest} from unnest(${sql.param(userIds)}::int[]) as u(id)
      on conflict (conversation_id, user_id) do update set last_read_id = greatest(${conversationMembers}.last_read_id, excluded.last_read_id)`);
  }

  /**
   * Unread messages per conversation for one person: others' messages after their read position (and after where
   * their history starts), not deleted, not expired, not held for review, capped at UNREAD_CAP. One statement for any number of
   * conversations; each count is an index range scan of (conversation_id, id) stopped at the cap.
   */
  async countUnread(userId: number, conversationIds: number[]): Promise<Map<number, number>> {
    if (!conversationIds.length) return new Map();
    const result = await this.db.execute(sql`
      select c.id, (
        select count(*) from (
          select 1 from ${messages} m
          where m.conversation_id = c.id
            and m.id > greatest(coalesce(cm.last_read_id, 0), coalesce(cm.history_from, 0), coalesce(cm.cleared_before, 0))
            and m.sender_id <> ${userId} and m.deleted_at is null and m.system is null
            and (m.expires_at is null or m.expires_at > now()) and ${notHeld(sql`m.id`)}
          limit ${UNREAD_CAP}
        ) as counted
      ) as unread
      from unnest(${sql.param(conversationIds)}::int[]) as c(id)
      left join ${conversationMembers} cm on cm.conversation_id = c.id and cm.user_id = ${userId}`);
    const found = (result as unknown as { rows: Array<{ id: number; unread: string }> }).rows;
    return new Map(found.map((r) => [Number(r.id), Number(r.unread)]));
  }

  /** Everyone's read position in a conversation (for "Seen by N"): current members' rows only. */
  async readPositions(conversationId: number): Promise<Array<{ userId: number; lastReadId: number }>> {
    return this.db
      .select({ userId: conversationMembers.userId, lastReadId: conversationMembers.lastReadId })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.state, 'member')));
  }
}
