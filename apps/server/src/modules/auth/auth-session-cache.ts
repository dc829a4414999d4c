import type { ChangeNotices } from '../../db/change-notices.ts';

export interface LiveSession {
  userId: number;
  sessionId: number;
  remember: boolean;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  /** Confirmed and set up when read (auth.policy.ts): never undone, so true stays true; false may be out of date. */
  writer: boolean;
}

/** However quiet the notices, a session is read again after this long. */
const MAX_AGE_MS = 60_000;
/** Sessions used within a minute on one process: far more than its open sockets and busy readers. */
const MAX_ENTRIES = 20_000;

/**
 * The sessions this process resolved lately, by token hash, so a request or socket knows its member without a
 * query. An entry is trusted only while the database's change notices are live: every process hears at commit of
 * each session ended anywhere (revoked, signed out, password changed, account deleted) or moved, and forgets it;
 * while the notices are down nothing is kept or served. Expiry is checked on every use; nothing is kept past a minute.
 */
export class SessionCache {
  private readonly byHash = new Map<string, { session: LiveSession; readAt: number }>();
  private readonly hashById = new Map<number, string>();
  /** Counts the sessions forgotten (and resets): a read that began before one may hold what it forgot. */
  private forgets = 0;

  constructor(private readonly notices: ChangeNotices | undefined) {
    notices?.on('session_changed', (ids) => this.forget(ids.split(',').map(Number)));
    notices?.onReset(() => this.clear());
  }

  get(tokenHash: string, now: Date): LiveSession | null {
    if (!this.notices?.live) return null;
    const entry = this.byHash.get(tokenHash);
    if (!entry) return null;
    if (entry.session.expiresAt <= now || now.getTime() - entry.readAt > MAX_AGE_MS) {
      this.remove(tokenHash, entry.session.sessionId);
      return null;
    }
    return entry.session;
  }

  /** Taken before reading a session from the database, for `set`; null when nothing may be kept now. */
  mark(): number | null {
    return this.notices?.live ? this.forgets : null;
  }

  /**
   * Keeps a session read from the database since `mark`. Not if any session ended meanwhile: its notice may have
   * come before this entry existed, for a row the read still saw.
   */
  set(tokenHash: string, session: LiveSession, mark: number | null, now: Date) {
    if (mark === null || mark !== this.forgets || !this.notices?.live) return;
    if (this.byHash.size >= MAX_ENTRIES) {
      const [oldestHash, oldest] = this.byHash.entries().next().value!;
      this.remove(oldestHash, oldest.session.sessionId);
    }
    this.byHash.set(tokenHash, { session, readAt: now.getTime() });
    this.hashById.set(session.sessionId, tokenHash);
  }

  /** This process moved a session's end (a use after a while). */
  extended(sessionId: number, expiresAt: Date, lastUsedAt: Date) {
    const hash = this.hashById.get(sessionId);
    const entry = hash && this.byHash.get(hash);
    if (entry) entry.session = { ...entry.session, expiresAt, lastUsedAt };
  }

  /** Sessions that ended: forgotten at once here, and by every other process when the notice reaches it. */
  forget(sessionIds: number[]) {
    this.forgets++;
    for (const id of sessionIds) {
      const hash = this.hashById.get(id);
      if (hash) this.remove(hash, id);
    }
  }

  clear() {
    this.forgets++;
    this.byHash.clear();
    this.hashById.clear();
  }

  private remove(tokenHash: string, sessionId: number) {
    this.byHash.delete(tokenHash);
    this.hashById.delete(sessionId);
  }
}
