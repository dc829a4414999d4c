import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthAccounts, oauthHandoffs, oauthLoginAttempts } from '../../db/schema/index.ts';

export type LoginAttempt = typeof oauthLoginAttempts.$inferSelect;
export type Handoff = typeof oauthHandoffs.$inferSelect;

/** Social sign-in: attempts in flight (PKCE verifier, nonce, landing path) and linked provider identities. */
export class OAuthRepository {
  constructor(private readonly db: Db) {}

  async createAttempt(attempt: LoginAttempt) {
    await this.db.delete(oauthLoginAttempts).where(lt(oauthLoginAttempts.expiresAt, new Date()));
    await this.db.insert(oauthLoginAttempts).values(attempt);
  }

  /** Takes the attempt out: a state works once, and only for the provider it was made for. */
  async takeAttempt(state: string, provider: string): Promise<LoginAttempt | null> {
    const [row] = await this.db
      .delete(oauthLoginAttempts)
      .where(and(eq(oauthLoginAttempts.state, state), eq(oauthLoginAttempts.provider, provider)))
      .returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    return row;
  }

  async createHandoff(handoff: Handoff) {
    await this.db.delete(oauthHandoffs).where(lt(oauthHandoffs.expiresAt, new Date()));
    await this.db.insert(oauthHandoffs).values(handoff);
  }

  /** Takes the handoff out: a code works once, whoever tries it. */
  async takeHandoff(codeHash: string): Promise<Handoff | null> {
    const [row] = await this.db.delete(oauthHandoffs).where(eq(oauthHandoffs.codeHash, codeHash)).returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    return row;
  }

  async findUserId(provider: string, subject: string): Promise<number | null> {
    const [row] = await this.db
      .select({ userId: oauthAccounts.userId })
      .from(oauthAccounts)
      .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, subject)))
      .limit(1);
    return row?.userId ?? null;
  }

  async link(provider: string, subject: string, userId: number) {
    await this.db.insert(oauthAccounts).values({ provider, subject, userId }).onConflictDoNothing();
  }
}
