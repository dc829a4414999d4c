import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  async create(userId: number, kind: string, payload: Record<string, unknown>): Promise<NotificationRow> {
    const [row] = await this.db.insert(notifications).values({ userId, kind, payload }).returning();
    return row!;
  }

  /** Whether the member already has a notification of this kind whose payload holds all of `subset`. */
  async exists(userId: number, kind: string, subset: Record<string, unknown>): Promise<boolean> {
    const [row] = await this.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, kind),
          sql`${notifications.payload} @> ${JSON.stringify(subset)}::jsonb`,
        ),
      )
      .limit(1);
    return !!row;
  }

  async countUnread(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  /** Newest first; one extra row tells whether another page exists. */
  async findPageForUser(userId: number, page: number, limit: number) {
    const rows = await this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit + 1)
      .offset((page - 1) * limit);
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  async markAllRead(userId: number) {
    await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  }

  /** Only the owner's notification is touched: another member's id matches nothing. */
  async markRead(userId: number, id: number): Promise<boolean> {
    const [row] = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return !!row;
  }
}
