import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { NOTICES_APPLICATION_NAME, type ChangeNotices } from '../../db/change-notices.ts';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { SessionCache, type LiveSession } from './auth-session-cache.ts';

const t = useTestApp();
const others: TestApp[] = [];
afterAll(async () => {
  for (const other of others) await other.close();
});

const me = (app: TestApp['app'], member: Member) => app.inject({ method: 'GET', url: '/api/auth/me', headers: member.auth });

/** Sessions are kept in memory per process; these are the ways one ends, each seen by every process. */
describe('a session known to another process of the same deployment', () => {
  async function setUp() {
    const other = await createTestApp({}, { sameDeploymentAs: t.instance });
    others.push(other);
    const member = await t.member();
    // The other process has resolved the session once (and keeps it).
    expect((await me(other.app, member)).statusCode).toBe(200);
    return { other, member };
  }

  it('is refused there once revoked here from the sessions list', async () => {
    const { other, member } = await setUp();
    const second = await t.as(null).post('/api/auth/login', { email: member.email, password: member.password });
    const secondAuth = { authorization: `Bearer ${second.json().access_token}` };
    expect(second.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: secondAuth });
    const sessions = list.json().sessions as Array<{ id: number; current: boolean }>;
    const first = sessions.find((s) => !s.current)!;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${first.id}`, headers: secondAuth })).statusCode).toBe(204);
    // Refused at once by the process that revoked it, and by the other once the database's notice reaches it.
    expect((await me(t.app, member)).statusCode).toBe(401);
    await other.app.ctx.notices.sync();
    expect((await me(other.app, member)).statusCode).toBe(401);
  });

  it('is refused there once its account is deleted here', async () => {
    const { other, member } = await setUp();
    expect((await t.as(member).delete('/api/account', { password: member.password })).statusCode).toBe(204);
    expect((await me(t.app, member)).statusCode).toBe(401);
    await other.app.ctx.notices.sync();
    expect((await me(other.app, member)).statusCode).toBe(401);
  });

  it('is read from the database on every use while notices cannot arrive', async () => {
    const { other, member } = await setUp();
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${NOTICES_APPLICATION_NAME}`,
    );
    await vi.waitFor(() => expect(other.app.ctx.notices.live).toBe(false));
    expect((await me(other.app, member)).statusCode).toBe(200);
    // Ended behind every process's back: nobody hears of it, and nobody trusts what it kept.
    await t.db.execute(sql`delete from sessions where user_id = ${member.id}`);
    expect((await me(other.app, member)).statusCode).toBe(401);
    await vi.waitFor(() => expect(other.app.ctx.notices.live).toBe(true), { timeout: 5000 });
  });
});

/** The cache on its own, driven as the database's notices would drive it. */
describe('the kept sessions', () => {
  function cacheWithNotices() {
    const handlers: Array<(payload: string) => void> = [];
    const notices = {
      live: true,
      on: (_channel: string, handler: (payload: string) => void) => void handlers.push(handler),
      onReset: () => {},
    };
    return { cache: new SessionCache(notices as unknown as ChangeNotices), notice: (ids: string) => handlers.forEach((h) => h(ids)) };
  }
  const now = new Date('2026-11-24T10:00:00Z');
  const session = (sessionId: number, expiresAt = new Date(now.getTime() + 3_600_000)): LiveSession => ({
    userId: 1,
    sessionId,
    remember: false,
    createdAt: now,
    lastUsedAt: now,
    expiresAt,
    writer: true,
  });

  it('are read again after a minute, and never past their expiry', () => {
    const { cache } = cacheWithNotices();
    cache.set('a', session(1), cache.mark(), now);
    cache.set('b', session(2, new Date(now.getTime() + 30_000)), cache.mark(), now);
    expect(cache.get('a', new Date(now.getTime() + 59_000))).toMatchObject({ sessionId: 1 });
    expect(cache.get('a', new Date(now.getTime() + 61_000))).toBeNull();
    expect(cache.get('b', new Date(now.getTime() + 30_000))).toBeNull();
  });

  it('are not kept from a read that began before a session ended', () => {
    const { cache, notice } = cacheWithNotices();
    const mark = cache.mark();
    notice('7,8');
    cache.set('a', session(7), mark, now);
    expect(cache.get('a', now)).toBeNull();
    cache.set('a', session(7), cache.mark(), now);
    notice('7');
    expect(cache.get('a', now)).toBeNull();
  });
});
