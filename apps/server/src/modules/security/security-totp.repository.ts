import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { totpBackupCodes, totpCredentials } from '../../db/schema/index.ts';

export type TotpRow = typeof totpCredentials.$inferSelect;

/** Authenticator secrets and backup-code hashes; every use is one conditional statement, so a code works once. */
export class TotpRepository {
  constructor(
    private readonly db: Db,
    /** Secrets are stored sealed and read back opened: the database alone holds no usable secret. */
    private readonly box: SecretBox,
  ) {}

  async find(userId: number): Promise<TotpRow | null> {
    const [row] = await this.db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId)).limit(1);
    return row ? { ...row, secret: this.box.open(row.secret) } : null;
  }

  /** A new secret waiting for its first code; replaces an unfinished set-up. */
  async savePending(userId: number, plainSecret: string) {
    const secret = this.box.seal(plainSecret);
    await this.db
      .insert(totpCredentials)
      .values({ userId, secret })
      .onConflictDoUpdate({
        target: totpCredentials.userId,
        set: { secret, enabledAt: null, lastUsedStep: null, createdAt: new Date() },
      });
  }

  /** Turns the pending secret on with its first accepted step and the fresh backup codes, in one go. */
  async enable(userId: number, step: number, backupCodeHashes: string[]) {
    await this.db.transaction(async (tx) => {
      await tx.update(totpCredentials).set({ enabledAt: new Date(), lastUsedStep: step }).where(eq(totpCredentials.userId, userId));
      await tx.delete(totpBackupCodes).where(eq(totpBackupCodes.userId, userId));
      await tx.insert(totpBackupCodes).values(backupCodeHashes.map((codeHash) => ({ userId, codeHash })));
    });
  }

  /** Accepts a time step only if it is newer than the last one used: false for a replayed code. */
  async useStep(userId: number, step: number): Promise<boolean> {
    const rows = await this.db
      .update(totpCredentials)
      .set({ lastUsedStep: step })
      .where(and(eq(totpCredentials.userId, userId), or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step))))
      .returning({ userId: totpCredentials.userId });
    return rows.length === 1;
  }

  async useBackupCode(userId: number, codeHash: string): Promise<boolean> {
    const rows = await this.db
      .update(totpBackupCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(totpBackupCodes.userId, userId), eq(totpBackupCodes.codeHash, codeHash), isNull(totpBackupCodes.usedAt)))
      .returning({ id: totpBackupCodes.id });
    return rows.length === 1;
  }

  async replaceBackupCodes(userId: number, codeHashes: string[]) {
    await this.db.transaction(async (tx) => {
      await tx.delete(totpBackupCodes).where(eq(totpBackupCodes.userId, userId));
      await tx.insert(totpBackupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    });
  }

  async countBackupCodesLeft(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(totpBackupCodes)
      .where(and(eq(totpBackupCodes.userId, userId), isNull(totpBackupCodes.usedAt)));
    return Number(row?.n ?? 0);
  }

  async remove(userId: number) {
    await this.db.transaction(async (tx) => {
      await tx.delete(totpBackupCodes).where(eq(totpBackupCodes.userId, userId));
      await tx.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
    });
  }
}
