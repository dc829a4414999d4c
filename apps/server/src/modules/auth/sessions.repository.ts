import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';

/** The lookups every request and every socket connection makes, prepared once: built once, planned once per connection. */
function prepareStatements(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return {
    liveIds: db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(sql`${sessions.id} = any(${p('ids')}::int[])`, gt(sessions.expiresAt, sql`${p('now')}::timestamptz`)))
      .prepare('sessions_live_ids'),
    liveByTokenHash: db
      .select({
        userId: sessions.userId,
        sessionId: sessions.id,
        remember: sessions.remember,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
      })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, p('tokenHash')), gt(sessions.expiresAt, sql`${p('now')}::timestamptz`)))
      .limit(1)
      .prepare('sessions_live_by_token_hash'),
  };
}

export class SessionsRepository {
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(private readonly db: Db) {
    this.statements = prepareStatements(db);
  }

  /** Creates a session and returns the bearer token; only its hash is stored. */
  async create(input: { userId: number; remember: boolean; ttlMs: number; userAgent?: string }) {
    const token = randomToken();
    const [row] = await this.db
      .insert(sessions)
      .values({
        userId: input.userId,
        tokenHash: sha256(token),
        remember: input.remember,
        userAgent: input.userAgent?.slice(0, 300),
        expiresAt: new Date(Date.now() + input.ttlMs),
      })
      .returning({ id: sessions.id });
    return { token, sessionId: row!.id };
  }

  /** Of these sessions, the ones still live now. */
  async findLiveIds(ids: number[], now = new Date()): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.statements.liveIds.execute({ ids, now: now.toISOString() });
    return new Set(rows.map((r) => r.id));
  }

  async findLiveByToken(token: string, now = new Date()) {
    const [row] = await this.statements.liveByTokenHash.execute({ tokenHash: sha256(token), now: now.toISOString() });
    return row ?? null;
  }

  /** Records a use and moves the end; only if not already recorded since `unlessUsedAfter` (parallel requests write once). */
  async extend(sessionId: number, expiresAt: Date, usedAt: Date, unlessUsedAfter: Date) {
    await this.db
      .update(sessions)
      .set({ expiresAt, lastUsedAt: usedAt })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, unlessUsedAfter)));
  }

  /** A member's live sessions, most recently used first. */
  async listLiveForUser(userId: number, now = new Date()) {
    return this.db
      .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
  }

  /** Revokes a session only if it is this member's: false if there is no such session of theirs. */
  async revokeOwn(userId: number, sessionId: number): Promise<boolean> {
    const rows = await this.db
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .returning({ id: sessions.id });
    return rows.length === 1;
  }

  async revoke(sessionId: number) {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  async revokeAllForUser(userId: number, exceptSessionId?: number) {
    const where = exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId);
    const revoked = await this.db.delete(sessions).where(where).returning({ id: sessions.id });
    return revoked.map((r) => r.id);
  }
}
