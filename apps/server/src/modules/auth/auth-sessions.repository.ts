import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { GroupCommit } from '../../lib/group-commit.ts';
import { SessionCache, type LiveSession } from './auth-session-cache.ts';

/** A live session's columns, as the cache keeps it (auth-session-cache.ts). */
const liveSession = {
  userId: sessions.userId,
  sessionId: sessions.id,
  remember: sessions.remember,
  createdAt: sessions.createdAt,
  lastUsedAt: sessions.lastUsedAt,
  expiresAt: sessions.expiresAt,
  // Whether its member may write (auth.policy.ts), read with the session: a connect's first message needs no query.
  writer: sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${sessions.userId} and ${users.isConfirmed} and ${users.profileCompletedAt} is not null)`,
};

/** The lookups every request and every socket connection makes, prepared once: built once, planned once per connection. */
function prepareStatements(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const unexpired = gt(sessions.expiresAt, sql`${p('now')}::timestamptz`);
  return {
    liveIds: db
      .select({ id: sessions.id, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(sql`${sessions.id} = any(${p('ids')}::int[])`, unexpired))
      .prepare('sessions_live_ids'),
    liveByTokenHashes: db
      .select({ tokenHash: sessions.tokenHash, ...liveSession })
      .from(sessions)
      .where(and(sql`${sessions.tokenHash} = any(${p('tokenHashes')}::text[])`, unexpired))
      .prepare('sessions_live_by_token_hashes'),
  };
}

/** Where a sign-in comes from: the browser's description of itself, and the country of the trusted client address. */
export interface SessionOrigin {
  userAgent?: string;
  country?: string | null;
}

export class SessionsRepository {
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly cache: SessionCache;
  /**
   * Lookups of sessions not in the cache, read together: after a restart every member reconnects at once with an
   * empty cache, and one statement answers a crowd of them where one each would queue on the pool. When idle a
   * lookup goes out at once (see GroupCommit).
   */
  private readonly lookups = new GroupCommit<{ tokenHash: string; now: Date }, LiveSession | null>((items) => this.readLive(items));

  /** With `notices`, sessions resolved lately are kept in memory (see SessionCache); without, every use reads. */
  constructor(
    private readonly db: Db,
    notices?: ChangeNotices,
  ) {
    this.statements = prepareStatements(db);
    this.cache = new SessionCache(notices);
  }

  /** Creates a session and returns the bearer token; only its hash is stored. */
  async create(input: { userId: number; remember: boolean; ttlMs: number } & SessionOrigin) {
    const token = randomToken();
    const [row] = await this.db
      .insert(sessions)
      .values({
        userId: input.userId,
        tokenHash: sha256(token),
        remember: input.remember,
        userAgent: input.userAgent?.slice(0, 300),
        country: input.country ?? null,
        expiresAt: new Date(Date.now() + input.ttlMs),
      })
      .returning({ id: sessions.id });
    return { token, sessionId: row!.id };
  }

  /** Of these sessions, the live ones, each with when it ends unless used again (ms since the epoch). */
  async findLiveEnds(ids: number[], now = new Date()): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await this.statements.liveIds.execute({ ids, now: now.toISOString() });
    return new Map(rows.map((r) => [r.id, r.expiresAt.getTime()]));
  }

  async findLiveByToken(token: string, now = new Date()): Promise<LiveSession | null> {
    const tokenHash = sha256(token);
    const cached = this.cache.get(tokenHash, now);
    if (cached) return cached;
    return this.lookups.submit({ tokenHash, now });
  }

  private async readLive(items: Array<{ tokenHash: string; now: Date }>): Promise<Array<LiveSession | null>> {
    const mark = this.cache.mark();
    // Live as of the earliest moment asked; each then checked against its own.
    const earliest = new Date(Math.min(...items.map((item) => item.now.getTime())));
    const rows = await this.statements.liveByTokenHashes.execute({
      tokenHashes: [...new Set(items.map((item) => item.tokenHash))],
      now: earliest.toISOString(),
    });
    const byHash = new Map(rows.map(({ tokenHash, ...session }) => [tokenHash, session]));
    return items.map(({ tokenHash, now }) => {
      const session = byHash.get(tokenHash);
      if (!session || session.expiresAt <= now) return null;
      this.cache.set(tokenHash, session, mark, now);
      return session;
    });
  }

  /**
   * Records a use and moves the end; only if not already recorded since `unlessUsedAfter` (parallel requests write
   * once). A known `country` becomes the session's place; an unknown one (IPv6, a private address) leaves the last known.
   */
  async extend(sessionId: number, expiresAt: Date, usedAt: Date, unlessUsedAfter: Date, country?: string | null) {
    this.cache.extended(sessionId, expiresAt, usedAt);
    await this.db
      .update(sessions)
      .set({ expiresAt, lastUsedAt: usedAt, ...(country ? { country } : {}) })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, unlessUsedAfter)));
  }

  /** A member's live sessions, most recently used first. */
  async listLiveForUser(userId: number, now = new Date()) {
    return this.db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        country: sessions.country,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
      })
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
    this.cache.forget(rows.map((r) => r.id));
    return rows.length === 1;
  }

  async revoke(sessionId: number) {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
    this.cache.forget([sessionId]);
  }

  async revokeAllForUser(userId: number, exceptSessionId?: number) {
    const where = exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId);
    const revoked = await this.db.delete(sessions).where(where).returning({ id: sessions.id });
    this.cache.forget(revoked.map((r) => r.id));
    return revoked.map((r) => r.id);
  }

  /** Sessions ended by another part of the app (an account deleted): forgotten at once, not at their notice. */
  forget(sessionIds: number[]) {
    this.cache.forget(sessionIds);
  }
}
