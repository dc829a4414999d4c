import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { sessions as sessionsTable } from '../../db/schema/index.ts';
import { io } from 'socket.io-client';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { socketUrl } from '../../../test/support/sockets.ts';
import { EXTEND_EVERY_MS, resumeSession } from './auth-session-lifetime.ts';
import { SessionsRepository } from './auth-sessions.repository.ts';

const t = useTestApp({}, { listen: true });
const open: Array<{ socket: { disconnect(): void } }> = [];
afterEach(() => open.splice(0).forEach((s) => s.socket.disconnect()));

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Another sign-in of the same member, from that browser (and address, and headers): its token. */
async function signInFrom(m: Member, userAgent: string, from: { address?: string; headers?: Record<string, string> } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: m.email, password: m.password },
    headers: { 'user-agent': userAgent, ...from.headers },
    ...(from.address && { remoteAddress: from.address }),
  });
  expect(res.statusCode).toBe(200);
  const token = res.json().access_token as string;
  return { ...m, token, auth: { authorization: `Bearer ${token}` } };
}

/** The session's use is recorded again now: its last one was long enough ago. */
const lastUsedLongAgo = (app: ReturnType<typeof useTestApp>, m: Member) =>
  app.db
    .update(sessionsTable)
    .set({ lastUsedAt: sql`now() - make_interval(secs => ${(2 * EXTEND_EVERY_MS) / 1000})` })
    .where(eq(sessionsTable.userId, m.id));

/** The place the sessions list shows for the session of this token. */
const placeOf = async (app: ReturnType<typeof useTestApp>, auth: { authorization: string }) =>
  (await app.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: auth }))
    .json()
    .sessions.find((s: { current: boolean }) => s.current).place as string | null;

/** A socket of that token, its handshake naming a client in X-Forwarded-For (the test connects from loopback). */
async function connectNaming(app: ReturnType<typeof useTestApp>, token: string, forwardedFor: string) {
  const socket = io(socketUrl(app), {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    extraHeaders: { 'x-forwarded-for': forwardedFor },
    reconnection: false,
    forceNew: true,
  });
  open.push({ socket });
  await new Promise<void>((resolve, reject) => (socket.once('connect', resolve), socket.once('connect_error', reject)));
}

const closed = (recorder: { socket: { once(e: string, f: (reason: string) => void): void } }) =>
  new Promise<string>((resolve) => recorder.socket.once('disconnect', resolve));

describe('active sessions', () => {
  it('lists each sign-in with its device and country, the current one marked, and no place it cannot know', async () => {
    const m = await t.member();
    // An address in the United Kingdom (IP2Location's own example).
    const laptop = await signInFrom(m, CHROME_WINDOWS, { address: '81.2.69.142' });
    await signInFrom(m, SAFARI_IPHONE, { address: '2001:db8::7' });
    // Without TRUST_PROXY the header is the client's own word: no country from it.
    await signInFrom(m, SAFARI_IPHONE, { address: '127.0.0.1', headers: { 'x-forwarded-for': '81.2.69.142' } });
    const res = await t.as(laptop).get('/api/auth/sessions');
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json();
    expect(sessions).toHaveLength(4);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const current = sessions.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ device: 'Chrome on Windows', place: 'United Kingdom' });
    const others = sessions.filter((s: { current: boolean }) => !s.current);
    expect(others.map((s: { device: string }) => s.device)).toContain('Safari on iPhone');
    // The sign-up (from a private address), IPv6, and the forged header: unknown.
    for (const s of others) expect(s.place).toBeNull();
    for (const s of sessions) expect(new Date(s.last_used_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows where each session was last used, so a token used from elsewhere shows up; an unknown address keeps the last place', async () => {
    const m = await t.member();
    const laptop = await signInFrom(m, CHROME_WINDOWS, { address: '81.2.69.142' });
    // A use is recorded at most every few minutes: the sign-in was that long ago.
    await lastUsedLongAgo(t, m);
    // The token, used from an address in Germany.
    const used = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: laptop.auth, remoteAddress: '5.9.0.1' });
    expect(used.statusCode).toBe(200);
    expect(await placeOf(t, laptop.auth)).toBe('Germany');
    // Used again later from an address with no country (IPv6 here): the last known place stays.
    const later = new Date(Date.now() + 2 * EXTEND_EVERY_MS);
    expect(await resumeSession(new SessionsRepository(t.db), laptop.token, later, () => null)).not.toBeNull();
    const [row] = await t.db.select().from(sessionsTable).where(eq(sessionsTable.lastUsedAt, later));
    expect(row?.country).toBe('DE');
    expect(await placeOf(t, laptop.auth)).toBe('Germany');
  });

  it("a socket's connect is a use too, but a client naming itself in a header is not believed", async () => {
    const m = await t.member();
    const laptop = await signInFrom(m, CHROME_WINDOWS, { address: '81.2.69.142' });
    await lastUsedLongAgo(t, m);
    // Without TRUST_PROXY the socket's peer (loopback here: no country) is the client, whatever it says of itself.
    await connectNaming(t, laptop.token, '5.9.0.1');
    // The connect recorded the use (before any request here could).
    const rows = await t.db.select().from(sessionsTable).where(eq(sessionsTable.userId, m.id));
    expect(rows.filter((r) => Date.now() - r.lastUsedAt.getTime() < EXTEND_EVERY_MS)).toHaveLength(1);
    expect(await placeOf(t, laptop.auth)).toBe('United Kingdom');
  });

  it("signing out one session ends it and closes its sockets at once; the member's others stay", async () => {
    const m = await t.member();
    const phone = await signInFrom(m, SAFARI_IPHONE);
    const phoneSocket = await t.socket(phone);
    const mySocket = await t.socket(m);
    open.push(phoneSocket, mySocket);
    const phoneClosed = closed(phoneSocket);

    const { sessions } = (await t.as(m).get('/api/auth/sessions')).json();
    const phoneSession = sessions.find((s: { device: string }) => s.device === 'Safari on iPhone');
    expect((await t.as(m).delete(`/api/auth/sessions/${phoneSession.id}`)).statusCode).toBe(204);

    expect(await phoneClosed).toBe('io server disconnect');
    expect((await t.as(phone).get('/api/auth/me')).statusCode).toBe(401);
    expect(mySocket.socket.connected).toBe(true);
    expect((await t.as(m).get('/api/auth/me')).statusCode).toBe(200);
    expect((await t.as(m).delete(`/api/auth/sessions/${phoneSession.id}`)).statusCode).toBe(404);
  });

  it("answers another member's session as unknown and leaves it alone", async () => {
    const [a, b] = await t.members(2);
    const theirs = (await t.as(b!).get('/api/auth/sessions')).json().sessions[0];
    const res = await t.as(a!).delete(`/api/auth/sessions/${theirs.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.as(b!).get('/api/auth/me')).statusCode).toBe(200);
    expect((await t.as(a!).delete('/api/auth/sessions/abc')).statusCode).toBe(400);
  });

  it('signs out every other session, closing their sockets', async () => {
    const m = await t.member();
    const [one, two] = [await signInFrom(m, SAFARI_IPHONE), await signInFrom(m, CHROME_WINDOWS)];
    const socketOne = await t.socket(one);
    open.push(socketOne);
    const oneClosed = closed(socketOne);
    const res = await t.as(m).delete('/api/auth/sessions');
    expect(res.json()).toEqual({ revoked: 2 });
    await oneClosed;
    expect((await t.as(two).get('/api/auth/me')).statusCode).toBe(401);
    expect((await t.as(m).get('/api/auth/sessions')).json().sessions).toHaveLength(1);
  });
});

describe('changing the password while signed in', () => {
  it('needs the current password; the new one works, the old one not, and other sessions end', async () => {
    const m = await t.member();
    const other = await signInFrom(m, SAFARI_IPHONE);
    const otherSocket = await t.socket(other);
    open.push(otherSocket);
    const otherClosed = closed(otherSocket);

    const wrong = await t.as(m).post('/api/auth/password', { current_password: 'not-it-at-all', new_password: 'An0ther$ecret' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', field: 'password' });
    const weak = await t.as(m).post('/api/auth/password', { current_password: m.password, new_password: 'short' });
    expect(weak.statusCode).toBe(400);

    const res = await t.as(m).post('/api/auth/password', { current_password: m.password, new_password: 'An0ther$ecret' });
    expect(res.statusCode).toBe(200);
    await otherClosed;
    expect((await t.as(other).get('/api/auth/me')).statusCode).toBe(401);
    expect((await t.as(m).get('/api/auth/me')).statusCode).toBe(200);
    const old = await t.as(null).post('/api/auth/login', { email: m.email, password: m.password });
    expect(old.statusCode).toBe(401);
    const fresh = await t.as(null).post('/api/auth/login', { email: m.email, password: 'An0ther$ecret' });
    expect(fresh.json().access_token).toEqual(expect.any(String));
  });
});

describe('a session used through its socket, behind a proxy the server trusts', () => {
  const proxied = useTestApp({ TRUST_PROXY: '127.0.0.1' }, { listen: true });

  it('shows the place its socket connected from, as the proxy names the client', async () => {
    const m = await proxied.member();
    const signIn = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: m.email, password: m.password },
      remoteAddress: '81.2.69.142',
    });
    const token = signIn.json().access_token as string;
    const auth = { authorization: `Bearer ${token}` };
    // No request in between: it would be the use recorded (from loopback, no country).
    await lastUsedLongAgo(proxied, m);
    // The token, used only through a socket, from an address in Germany (the proxy on loopback says so).
    await connectNaming(proxied, token, '5.9.0.1');
    expect(await placeOf(proxied, auth)).toBe('Germany');
  });
});
