import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordResetTokens, verificationCodes } from '../../db/schema/index.ts';
import { registerUser, PASSWORD, uniqueEmail, randomClientAddress } from '../../../test/support/factories.ts';
import { RESET_SUBJECT as SUBJECT, resetCodeCalls } from '../../../test/support/reset-codes.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { wrongCode } from '../../../test/support/mail-catcher.ts';
import { useSecretsWatch } from '../../../test/support/secrets.ts';

const NEW_PASSWORD = 'N3w&better-pass';
const t = useTestApp();
useSecretsWatch(t);

const { post, sendCode, verify, resetCodes, backdate, codeFor } = resetCodeCalls(t);
const reset = (token: string, password: unknown) => post(`/api/reset-password/${token}`, { password });

describe('password reset', () => {
  it('walks the whole flow: code, token, new password, every session signed out', async () => {
    const user = await registerUser(t);
    const other = await t.as(null).post('/api/auth/login', { email: user.email, password: PASSWORD, remember: true });
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
    const oldLogin = await t.as(null).post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.as(null).post('/api/auth/login', { email: user.email, password: NEW_PASSWORD });
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
    const user = await registerUser(t);
    const code = await codeFor(user);
    const wrong = await verify(user.email, wrongCode(code));
    const nobody = await verify(uniqueEmail('nobody'), code);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE', msg: 'Invalid code. Please try again.' });
    expect(nobody.json()).toEqual(wrong.json());
  });

  it('kills the code on the fifth wrong try and says so: after it even the right code fails', async () => {
    const user = await registerUser(t);
    const code = await codeFor(user);
    for (let i = 0; i < 4; i++) expect((await verify(user.email, wrongCode(code))).json().code).toBe('INVALID_CODE');
    const tooMany = { code: 'TOO_MANY_ATTEMPTS', msg: 'Too many wrong tries. Request a new code.' };
    const fifth = await verify(user.email, wrongCode(code));
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toMatchObject(tooMany);
    const sixth = await verify(user.email, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toMatchObject(tooMany);

    // A new code works again.
    await backdate(user.email, { sent: 30 });
    expect((await sendCode(user.email)).json().status).toBe('sent');
    const fresh = await t.mail.codeFor(user.email, SUBJECT, { after: 1 });
    expect((await verify(user.email, fresh)).statusCode).toBe(200);
  });

  it('refuses codes for an unknown address exactly as for a known one: wrong, dead after five tries, expired', async () => {
    const user = await registerUser(t);
    const stranger = uniqueEmail('nobody');
    const code = await codeFor(user);
    expect((await sendCode(stranger)).json().status).toBe('sent');
    /** Tries the code on both addresses; the answers must match. */
    const tryBoth = async (tried: string) => {
      const known = await verify(user.email, tried);
      const unknown = await verify(stranger, tried);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      return known.json().code;
    };
    for (let i = 1; i <= 5; i++) expect(await tryBoth(wrongCode(code))).toBe(i < 5 ? 'INVALID_CODE' : 'TOO_MANY_ATTEMPTS');
    expect(await tryBoth(code)).toBe('TOO_MANY_ATTEMPTS');

    // A new code for each brings fresh tries; then both run out of time.
    for (const email of [user.email, stranger]) {
      await backdate(email, { sent: 30 });
      expect((await sendCode(email)).json().status).toBe('sent');
    }
    const fresh = await t.mail.codeFor(user.email, SUBJECT, { after: 1 });
    expect(await tryBoth(wrongCode(fresh))).toBe('INVALID_CODE');
    for (const email of [user.email, stranger]) await backdate(email, { sent: 180 });
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 500) })
      .where(eq(verificationCodes.userId, user.id));
    expect(await tryBoth(fresh)).toBe('CODE_EXPIRED');
  });

  it('refuses an expired code', async () => {
    const user = await registerUser(t);
    const code = await codeFor(user);
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user.id));
    const res = await verify(user.email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_EXPIRED');
  });

  it('keeps codes 180 seconds', async () => {
    const user = await registerUser(t);
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
    const user = await registerUser(t);
    const { resetToken } = (await verify(user.email, await codeFor(user))).json();
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await reset(resetToken, NEW_PASSWORD);
    expect(res.json().code).toBe('INVALID_RESET_TOKEN');
    const login = await t.as(null).post('/api/auth/login', { email: user.email, password: PASSWORD });
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
    const user = await registerUser(t);
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
});
