import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, verificationCodes } from '../../db/schema/index.ts';
import { buildUser, PASSWORD, uniqueEmail, randomClientAddress } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { watchForSecrets } from '../../../test/support/secrets.ts';

const SUBJECT = /password reset code/;
const NEW_PASSWORD = 'N3w&better-pass';
let t: TestApp;
let secrets: ReturnType<typeof watchForSecrets>;
beforeAll(async () => {
  t = await createTestApp();
  secrets = watchForSecrets(t);
});
afterAll(async () => {
  secrets?.assertNoneLeaked();
  await t?.close();
});

const post = (url: string, payload: unknown, remoteAddress = randomClientAddress()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
const sendCode = (email: string, ip?: string) => post('/api/send-reset-code', { email }, ip);
const verify = (email: string, code: unknown) => post('/api/verify-reset-code', { email, code });
const reset = (token: string, password: unknown) => post(`/api/reset-password/${token}`, { password });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const resetCodes = (userId: number) =>
  t.db.select().from(verificationCodes).where(sql`${verificationCodes.userId} = ${userId} and ${verificationCodes.purpose} = 'reset'`);
const age = (userId: number, seconds: number) =>
  t.db
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(verificationCodes.userId, userId));

async function codeFor(user: { email: string }) {
  expect((await sendCode(user.email)).statusCode).toBe(200);
  return t.mail.codeFor(user.email, SUBJECT);
}

describe('password reset', () => {
  it('answers the same whether or not the account exists, and mails only real accounts', async () => {
    const user = await buildUser(t);
    const stranger = uniqueEmail('nobody');
    const known = await sendCode(user.email);
    const unknown = await sendCode(stranger);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toEqual(expect.any(String));
    const mail = await t.mail.waitFor(user.email, SUBJECT);
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(t.mail.count(stranger)).toBe(0);
  });

  it('walks the whole flow: code, token, new password, every session signed out', async () => {
    const user = await buildUser(t);
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: PASSWORD, remember: true }, remoteAddress: randomClientAddress() });
    const otherAuth = { authorization: `Bearer ${other.json().access_token}` };

    const code = await codeFor(user);
    const verified = await verify(user.email.toUpperCase(), code);
    expect(verified.statusCode).toBe(200);
    const { resetToken } = verified.json();
    expect(resetToken).toEqual(expect.any(String));
    const stored = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(stored.map((r) => r.tokenHash)).not.toContain(resetToken);

    const done = await reset(resetToken, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Password has been reset!' });

    for (const auth of [user.auth, otherAuth]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(401);
    }
    const oldLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: PASSWORD }, remoteAddress: randomClientAddress() });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: NEW_PASSWORD }, remoteAddress: randomClientAddress() });
    expect(newLogin.statusCode).toBe(200);
    // The code reached the mailbox: the address is proven.
    expect(newLogin.json().user.is_confirmed).toBe(true);

    const reused = await reset(resetToken, 'An0ther!pass');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_RESET_TOKEN');
    // The code was used up with the token.
    expect((await verify(user.email, code)).json().code).toBe('INVALID_CODE');
  });

  it('refuses a wrong code, and a code for an unknown address, with the same answer', async () => {
    const user = await buildUser(t);
    const code = await codeFor(user);
    const wrong = await verify(user.email, wrongCode(code));
    const nobody = await verify(uniqueEmail('nobody'), code);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE', msg: 'Invalid code. Please try again.' });
    expect(nobody.json()).toEqual(wrong.json());
  });

  it('kills the code after five wrong tries: the sixth try fails even with the right code', async () => {
    const user = await buildUser(t);
    const code = await codeFor(user);
    for (let i = 0; i < 5; i++) expect((await verify(user.email, wrongCode(code))).json().code).toBe('INVALID_CODE');
    const sixth = await verify(user.email, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', msg: 'Too many wrong tries. Request a new code.' });
  });

  it('refuses an expired code', async () => {
    const user = await buildUser(t);
    const code = await codeFor(user);
    await t.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.userId, user.id));
    const res = await verify(user.email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_EXPIRED');
  });

  it('keeps codes 180 seconds', async () => {
    const user = await buildUser(t);
    await codeFor(user);
    const [row] = await resetCodes(user.id);
    const ttl = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(Math.round(ttl)).toBe(180);
  });

  it.each([
    ['garbage', 'not-a-real-token-at-all'],
    ['short', 'x'],
  ])('refuses a %s reset token', async (_why, token) => {
    const res = await reset(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_RESET_TOKEN');
  });

  it('refuses an expired reset token', async () => {
    const user = await buildUser(t);
    const { resetToken } = (await verify(user.email, await codeFor(user))).json();
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, user.id));
    const res = await reset(resetToken, NEW_PASSWORD);
    expect(res.json().code).toBe('INVALID_RESET_TOKEN');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: PASSWORD }, remoteAddress: randomClientAddress() });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    [undefined, 'Password is required'],
    ['', 'Password is required'],
    ['Ab1!', 'Password must be at least 8 characters'],
    ['NoDigits!!', 'Must contain a number'],
    ['NoSpecial12', 'Must contain a special character'],
    [12345678, undefined],
  ])('checks the new password %j against the reset rules', async (password, msg) => {
    const user = await buildUser(t);
    const { resetToken } = (await verify(user.email, await codeFor(user))).json();
    const res = await reset(resetToken, password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password' });
    if (msg) expect(res.json().msg).toBe(msg);
    // A refused password does not use up the token.
    expect((await reset(resetToken, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['/api/send-reset-code', {}, 'email'],
    ['/api/send-reset-code', { email: 42 }, 'email'],
    ['/api/send-reset-code', { email: 'not-an-email' }, 'email'],
    ['/api/verify-reset-code', { email: 'a@b.co' }, 'code'],
    ['/api/verify-reset-code', { email: 'a@b.co', code: 123456 }, 'code'],
    ['/api/verify-reset-code', { email: 'a@b.co', code: '12 456' }, 'code'],
  ])('answers 400 for bad input to %s: %j', async (url, payload, field) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
  });

  it('answers 413 for an oversized body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/send-reset-code',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(2 * 1024 * 1024) }),
      remoteAddress: randomClientAddress(),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('mails one code per address per cooldown and at most five an hour, answering the same throughout', async () => {
    const user = await buildUser(t);
    const first = await codeFor(user);
    const again = await sendCode(user.email);
    expect(again.statusCode).toBe(200);
    expect(t.mail.count(user.email, SUBJECT)).toBe(1);
    // The first code still works: a quiet refusal does not replace it.
    expect((await resetCodes(user.id)).filter((c) => !c.consumedAt)).toHaveLength(1);

    for (let i = 2; i <= 5; i++) {
      await age(user.id, 31);
      expect((await sendCode(user.email)).statusCode).toBe(200);
      expect(t.mail.count(user.email, SUBJECT)).toBe(i);
    }
    await age(user.id, 31);
    const capped = await sendCode(user.email);
    expect(capped.statusCode).toBe(200);
    expect(t.mail.count(user.email, SUBJECT)).toBe(5);

    // Only the newest code works.
    const newest = await t.mail.codeFor(user.email, SUBJECT);
    if (newest !== first) expect((await verify(user.email, first)).json().code).toBe('INVALID_CODE');
    expect((await verify(user.email, newest)).statusCode).toBe(200);
  });

  it('limits reset-code requests per client address', async () => {
    const ip = randomClientAddress();
    for (let i = 0; i < 5; i++) expect((await sendCode(uniqueEmail('nobody'), ip)).statusCode).toBe(200);
    const limited = await sendCode(uniqueEmail('nobody'), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await sendCode(uniqueEmail('nobody'), randomClientAddress())).statusCode).toBe(200);
  });
});

describe('password reset while mail cannot be sent', () => {
  it('still answers as for an unknown address: a failure must not reveal that the account exists', async () => {
    // Nothing listens on port 1: every mail fails.
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const user = await buildUser(broken);
      const ask = (email: string) =>
        broken.app.inject({ method: 'POST', url: '/api/send-reset-code', payload: { email }, remoteAddress: randomClientAddress() });
      const unknown = await ask(uniqueEmail('nobody'));
      const known = await ask(user.email);
      expect(unknown.statusCode).toBe(200);
      expect(known.statusCode).toBe(unknown.statusCode);
      expect(known.json()).toEqual(unknown.json());
    } finally {
      await broken.close();
    }
  });
});
