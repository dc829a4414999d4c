import { and, desc, eq, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { moderationAppeals } from '../../db/schema/index.ts';

export type AppealRow = typeof moderationAppeals.$inferSelect;

/** Members' appeals of moderation actions: one per action (the action's audit entry). */
export class AdminAppealsRepository {
  constructor(private readonly db: Db) {}

  /** Null when this action was appealed already. */
  async create(input: { auditId: number; userId: number; text: string }): Promise<AppealRow | null> {
    const [row] = await this.db.insert(moderationAppeals).values(input).onConflictDoNothing().returning();
    return row ?? null;
  }

  async findById(id: number): Promise<AppealRow | null> {
    const [row] = await this.db.select().from(moderationAppeals).where(eq(moderationAppeals.id, id));
    return row ?? null;
  }

  /** Open ones, or decided ones; newest first, `limit + 1` rows so the caller knows whether more follow. */
  async findPage(status: 'open' | 'decided', before: number | undefined, limit: number): Promise<AppealRow[]> {
    return this.db
      .select()
      .from(moderationAppeals)
      .where(
        and(
          status === 'open' ? eq(moderationAppeals.status, 'open') : ne(moderationAppeals.status, 'open'),
          before ? lt(moderationAppeals.id, before) : undefined,
        ),
      )
      .orderBy(desc(moderationAppeals.id))
      .limit(limit + 1);
  }

  /** Null when it was decided already (by another of the staff at the same moment). */
  async decide(id: number, input: { status: 'accepted' | 'rejected'; note: string | null; decidedBy: number }) {
    const [row] = await this.db
      .update(moderationAppeals)
      .set({ status: input.status, decisionNote: input.note, decidedBy: input.decidedBy, decidedAt: new Date() })
      .where(and(eq(moderationAppeals.id, id), eq(moderationAppeals.status, 'open')))
      .returning();
    return row ?? null;
  }
}
