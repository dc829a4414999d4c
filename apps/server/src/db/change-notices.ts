import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Db } from './client.ts';

/**
 * What the database announces at commit (triggers in migration 0017): `session_changed` with the ids of sessions
 * that ended or whose end moved (comma-separated), `feed_changed` when anything a feed page shows was written.
 */
export const NOTICE_CHANNELS = ['session_changed', 'feed_changed'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
/** This process's own marks, to know when every notice committed before one has been handled. */
const SYNC_CHANNEL = 'notices_sync';
export const NOTICES_APPLICATION_NAME = 'tribeverse change notices';

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 5_000;

/**
 * PostgreSQL's LISTEN on a connection of its own, so this process's caches hear of writes made by every process
 * (including itself) within moments of their commit. A cache may keep something only while `live`: while the
 * connection is down, notices are missed, so every reset handler is called when it breaks and again once listening
 * has resumed, and a cache then keeps nothing it held from before.
 */
export class ChangeNotices {
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = FIRST_RETRY_MS;
  private retry: NodeJS.Timeout | undefined;
  private readonly handlers = new Map<NoticeChannel, Set<(payload: string) => void>>();
  private readonly resetHandlers = new Set<() => void>();
  private readonly syncs = new Map<string, () => void>();

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly onError: (error: Error) => void = () => {},
  ) {}

  /** The notices of the database a pool (the app's `db`) is connected to. */
  static of(db: Db, onError?: (error: Error) => void) {
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    // Named, so an operator sees what the one idle connection of each process is for.
    return new ChangeNotices({ ...pool.options, application_name: NOTICES_APPLICATION_NAME }, onError);
  }

  /** Listening now: no notice since the last reset has been missed. */
  get live() {
    return this.client !== null;
  }

  on(channel: NoticeChannel, handler: (payload: string) => void) {
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
  }

  onReset(handler: () => void) {
    this.resetHandlers.add(handler);
  }

  /** Connects and listens; resolves either way (a failure is retried in the background, `live` says which). */
  async start() {
    if (this.closed || this.client) return;
    const client = new pg.Client(this.connection);
    client.on('notification', (notice) => {
      if (notice.channel === SYNC_CHANNEL) return this.syncs.get(notice.payload ?? '')?.();
      const set = this.handlers.get(notice.channel as NoticeChannel);
      if (set) for (const handler of set) handler(notice.payload ?? '');
    });
    client.on('error', (error) => {
      this.onError(error);
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query([...NOTICE_CHANNELS, SYNC_CHANNEL].map((channel) => `LISTEN ${channel}`).join('; '));
    } catch (error) {
      this.onError(error as Error);
      client.end().catch(() => {});
      this.scheduleRetry();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
    // Whatever was written while nobody listened is unknown: caches start again from nothing.
    this.reset();
  }

  /**
   * Resolves once every notice committed before this call has been handled here (notices arrive in commit order, so
   * a mark sent now arrives after them). The tests use it after writing straight to the database (`t.noticed()`).
   */
  async sync() {
    const client = this.client;
    if (!client) return;
    const mark = randomUUID();
    const arrived = new Promise<void>((resolve) => this.syncs.set(mark, resolve));
    try {
      await client.query(`SELECT pg_notify('${SYNC_CHANNEL}', $1)`, [mark]);
      await arrived;
    } catch {
      // The connection broke: the caches were reset, nothing stale is left to wait for.
    } finally {
      this.syncs.delete(mark);
    }
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    this.reset();
    client.end().catch(() => {});
    this.scheduleRetry();
  }

  private scheduleRetry() {
    if (this.closed) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.start(), this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
  }

  private reset() {
    for (const handler of this.resetHandlers) handler();
    for (const resolve of this.syncs.values()) resolve();
  }
}
