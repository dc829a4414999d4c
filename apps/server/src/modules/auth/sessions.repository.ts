import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';

/**
 * Every request and socket handshake resolves its token here: one statement built and prepared once, so neither the
 * SQL text nor PostgreSQL's plan is made again per request.
 */
const prepareLiveByToken = (db: Db) =>
  db
    .select({
      userId: sessions.userId,
      sessionId: sessions.id,
      remember: sessions.remember,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`)))
    .limit(1)
    .prepare('auth_live_session_by_token');

export class SessionsRepository {
  private readonly liveByToken: ReturnType<typeof prepareLiveByToken>;

  constructor(private readonly db: Db) {
    this.liveByToken = prepareLiveByToken(db);
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
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, now)));
    return new Set(rows.map((r) => r.id));
  }

  async findLiveByToken(token: string, now = new Date()) {
    const [row] = await this.liveByToken.execute({ tokenHash: sha256(token), now: now.toISOString() });
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
