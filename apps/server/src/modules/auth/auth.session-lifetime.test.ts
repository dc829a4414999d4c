import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { registerUser } from '../../../test/support/factories.ts';

const t = useTestApp();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ago = (ms: number) => new Date(Date.now() - ms);
const fromNow = (ms: number) => new Date(Date.now() + ms);

const me = (auth: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
const sessionOf = async (userId: number) => (await t.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]!;
const setTimes = async (id: number, times: { createdAt: Date; lastUsedAt: Date; expiresAt: Date }) => {
  await t.db.update(sessions).set(times).where(eq(sessions.id, id));
  // Written behind the app's back: wait until it has heard, as every process does within moments.
  await t.noticed();
};

/** Moves a session's clock back, as if `ms` had passed since its last write. */
async function timePasses(userId: number, ms: number) {
  const s = await sessionOf(userId);
  await setTimes(s.id, {
    createdAt: new Date(s.createdAt.getTime() - ms),
    lastUsedAt: new Date(s.lastUsedAt.getTime() - ms),
    expiresAt: new Date(s.expiresAt.getTime() - ms),
  });
}

describe('sessions without Remember', () => {
  it('stay alive past a day while the member keeps using them', async () => {
    const user = await registerUser(t);
    const s = await sessionOf(user.id);
    // Signed in almost a day ago and busy since: a fixed day would end in five minutes.
    await setTimes(s.id, { createdAt: ago(23 * HOUR + 55 * MINUTE), lastUsedAt: ago(10 * MINUTE), expiresAt: fromNow(5 * MINUTE) });
    expect((await me(user.auth)).statusCode).toBe(200);

    // An hour later the first day is over, and the session is still good.
    await timePasses(user.id, HOUR);
    expect((await me(user.auth)).statusCode).toBe(200);
    expect((await sessionOf(user.id)).expiresAt.getTime()).toBeGreaterThan(fromNow(23 * HOUR).getTime());
  });

  it('end after a day without use', async () => {
    const user = await registerUser(t);
    expect((await me(user.auth)).statusCode).toBe(200);
    await timePasses(user.id, 24 * HOUR + MINUTE);
    const res = await me(user.auth);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('do not write on every request: a session used a minute ago is not extended again', async () => {
    const user = await registerUser(t);
    const s = await sessionOf(user.id);
    const expiresAt = fromNow(20 * HOUR);
    await setTimes(s.id, { createdAt: ago(4 * HOUR), lastUsedAt: ago(MINUTE), expiresAt });
    expect((await me(user.auth)).statusCode).toBe(200);
    expect((await sessionOf(user.id)).expiresAt.getTime()).toBe(expiresAt.getTime());
  });

  it('end a week after sign-in however busy they are', async () => {
    const user = await registerUser(t);
    const s = await sessionOf(user.id);
    const createdAt = ago(7 * 24 * HOUR - 30 * MINUTE);
    await setTimes(s.id, { createdAt, lastUsedAt: ago(10 * MINUTE), expiresAt: fromNow(HOUR) });
    expect((await me(user.auth)).statusCode).toBe(200);
    expect((await sessionOf(user.id)).expiresAt.getTime()).toBe(createdAt.getTime() + 7 * 24 * HOUR);
    await timePasses(user.id, 31 * MINUTE);
    expect((await me(user.auth)).statusCode).toBe(401);
  });
});
