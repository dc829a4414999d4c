import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema/index.ts';

/** Single-use tokens handed out after a correct reset code; stored as hashes. */
export class ResetTokensRepository {
  constructor(private readonly db: Db) {}

  /** Stores a new token and ends every other open one of the account. */
  async replace(userId: number, tokenHash: string, expiresAt: Date) {
    await this.db.transaction(async (tx) => {
      await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
      await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
    });
  }

  /** Marks the token used and returns its account, or null if unknown, used or expired (one winner under races). */
  async consume(tokenHash: string): Promise<number | null> {
    const [row] = await this.db
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    return row?.userId ?? null;
  }

  async deleteExpired() {
    await this.db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date()));
  }
}
