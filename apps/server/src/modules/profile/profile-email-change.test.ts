import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { PASSWORD, randomClientAddress, uniqueEmail } from '../../../test/support/factories.ts';
import { dropPassword } from '../../../test/support/direct-member.ts';

const t = useTestApp();

const me = async (m: Member) => (await t.as(m).get('/api/auth/me')).json() as { email: string; pending_email: string | null };
const editEmail = (m: Member, email: string, extra: Record<string, unknown> = {}) =>
  t.as(m).patch('/api/auth/edit-profile', { fullName: 'Ada', username: m.username, email, ...extra });
const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD }, remoteAddress: randomClientAddress() });

describe('changing the email address', () => {
  afterEach(() => vi.useRealTimers());

  it('needs the current password: a session alone cannot move the account', async () => {
    const m = await t.member();
    const target = uniqueEmail('thief');
    const missing = await editEmail(m, target);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'PASSWORD_REQUIRED', field: 'currentPassword' });
    const wrong = await editEmail(m, target, { currentPassword: 'not-it' });
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', field: 'currentPassword' });
    expect(await me(m)).toMatchObject({ email: m.email, pending_email: null });
    expect(t.mail.count(target)).toBe(0);
  });

  it('keeps the old address in force until the code mailed to the new one is entered, and tells the old one', async () => {
    const m = await t.member();
    const target = uniqueEmail('moved');
    const res = await editEmail(m, target, { currentPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: m.email, pending_email: target });

    const notice = await t.mail.waitFor(m.email, /email address is being changed/);
    expect(notice.text).toContain(target);
    // Until the code: the old address signs in, a password reset goes there, the new one is nobody's.
    expect((await login(m.email)).statusCode).toBe(200);
    expect((await login(target)).statusCode).toBe(401);

    const wrong = await t.as(m).post('/api/auth/email-change/confirm', { code: '000000' });
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE' });
    const code = await t.mail.codeFor(target, /new Tribeverse email address/);
    const done = await t.as(m).post('/api/auth/email-change/confirm', { code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: target, pending_email: null, is_confirmed: true });
    expect((await login(target)).statusCode).toBe(200);
    expect((await login(m.email)).statusCode).toBe(401);
  });

  it('answers alike for an address another account has, and refuses it only to whoever holds its code', async () => {
    const [m, other] = await t.members(2);
    const res = await editEmail(m, other.email, { currentPassword: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: m.email, pending_email: other.email });
    const code = await t.mail.codeFor(other.email, /new Tribeverse email address/);
    const done = await t.as(m).post('/api/auth/email-change/confirm', { code });
    expect(done.statusCode).toBe(409);
    expect(await me(m)).toMatchObject({ email: m.email, pending_email: null });
  });

  it('asks a Google/Apple-only account for a fresh sign-in instead of a password', async () => {
    const m = await t.member();
    await dropPassword(t.instance, m.id);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    const stale = await editEmail(m, uniqueEmail('social'));
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'REAUTH_REQUIRED' });
    vi.useRealTimers();
    const fresh = await editEmail(m, uniqueEmail('social'));
    expect(fresh.statusCode).toBe(200);
  });
});
