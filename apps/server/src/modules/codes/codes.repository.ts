import { and, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema/index.ts';

export type CodePurpose = 'confirm' | 'reset' | 'two_step' | 'email_change';
export type CodeRow = typeof verificationCodes.$inferSelect;

/** Mailed six-digit codes. Only their hashes are stored; every state change is one conditional statement. */
export class CodesRepository {
  constructor(private readonly db: Db) {}

  /** Stores a new code and retires the unused ones of the same purpose: only the newest code ever works. */
  async replace(input: { userId: number; purpose: CodePurpose; codeHash: string; expiresAt: Date }) {
    return this.db.transaction(async (tx) => {
      await tx
        .update(verificationCodes)
        .set({ consumedAt: new Date() })
        .where(
          and(
            eq(verificationCodes.userId, input.userId),
            eq(verificationCodes.purpose, input.purpose),
            isNull(verificationCodes.consumedAt),
          ),
        );
      const [row] = await tx.insert(verificationCodes).values(input).returning();
      return row!;
    });
  }

  async findNewest(userId: number, purpose: CodePurpose): Promise<CodeRow | null> {
    const [row] = await this.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    return row ?? null;
  }

  async countCreatedSince(userId: number, purpose: CodePurpose, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), gte(verificationCodes.createdAt, since)));
    return row?.n ?? 0;
  }

  /** Counts a wrong try, unless the code is already out of tries (concurrent guesses cannot exceed the cap). */
  async recordWrongTry(id: number, maxAttempts: number): Promise<number | null> {
    const [row] = await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(and(eq(verificationCodes.id, id), lt(verificationCodes.attempts, maxAttempts)))
      .returning({ attempts: verificationCodes.attempts });
    return row?.attempts ?? null;
  }

  /** Uses the code once: false if it was used, retired, expired or ran out of tries meanwhile. */
  async consume(id: number, maxAttempts: number): Promise<boolean> {
    const rows = await this.db
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(verificationCodes.id, id),
          isNull(verificationCodes.consumedAt),
          lt(verificationCodes.attempts, maxAttempts),
          gt(verificationCodes.expiresAt, new Date()),
        ),
      )
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  }
}
