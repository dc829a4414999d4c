import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verificationCodes } from '../../db/schema/index.ts';
import { registerUser, randomClientAddress } from '../../../test/support/factories.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { wrongCode } from '../../../test/support/mail-catcher.ts';
import { useSecretsWatch } from '../../../test/support/secrets.ts';

const SUBJECT = /Confirm your Tribeverse account/;
const t = useTestApp();
useSecretsWatch(t);

type Member = Awaited<ReturnType<typeof registerUser>>;
const confirm = (user: Member, code: unknown, remoteAddress = randomClientAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/confirm-account', headers: user.auth, payload: { code }, remoteAddress });
const resend = (user: Member) =>
  t.app.inject({ method: 'POST', url: '/api/auth/confirm-account/resend', headers: user.auth, remoteAddress: randomClientAddress() });
const status = (user: Member) => t.app.inject({ method: 'GET', url: '/api/auth/confirm-account', headers: user.auth });
/** Moves the member's codes into the past, as if that many seconds had gone by. */
const age = (user: Member, seconds: number) =>
  t.db
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(verificationCodes.userId, user.id));

describe('confirm account', () => {
  it('mails a code at sign-up and confirms the account with it', async () => {
    const user = await registerUser(t);
    const code = await t.mail.codeFor(user.email, SUBJECT);

    const before = await status(user);
    expect(before.statusCode).toBe(200);
    expect(before.json().is_confirmed).toBe(false);
    expect(before.json().resend_in).toBeGreaterThan(0);
    expect(before.json().resend_in).toBeLessThanOrEqual(30);

    const res = await confirm(user, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Account confirmed', user: { id: user.id, email: user.email, is_confirmed: true } });

    expect((await status(user)).json()).toEqual({ is_confirmed: true, resend_in: 0 });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth });
    expect(me.json().is_confirmed).toBe(true);
  });

  it('refuses a wrong code and keeps the account unconfirmed', async () => {
    const user = await registerUser(t);
    const code = await t.mail.codeFor(user.email, SUBJECT);
    const res = await confirm(user, wrongCode(code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_CODE', msg: 'Invalid code. Please try again.' });
    expect((await status(user)).json().is_confirmed).toBe(false);
  });

  it.each([
    [{}, 'missing'],
    [{ code: 123456 }, 'a number'],
    [{ code: '12345' }, 'five digits'],
    [{ code: '12345a' }, 'a letter'],
    [{ code: '1234567' }, 'seven digits'],
  ])('answers 400 for a code that is %j (%s)', async (payload, _why) => {
    const user = await registerUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-account', headers: user.auth, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'code', msg: 'OTP of 6 digits is required!' });
  });

  it('answers 413 for an oversized body', async () => {
    const user = await registerUser(t);
    const res = await confirm(user, 'x'.repeat(2 * 1024 * 1024));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('needs a session for every confirm-account call', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/confirm-account'],
      ['POST', '/api/auth/confirm-account'],
      ['POST', '/api/auth/confirm-account/resend'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? { code: '123456' } : undefined });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('kills the code on the fifth wrong try and says so: after it even the right code fails', async () => {
    const user = await registerUser(t);
    const code = await t.mail.codeFor(user.email, SUBJECT);
    for (let i = 1; i <= 5; i++) {
      const res = await confirm(user, wrongCode(code));
      expect(res.json().code).toBe(i < 5 ? 'INVALID_CODE' : 'TOO_MANY_ATTEMPTS');
    }
    const sixth = await confirm(user, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', msg: 'Too many wrong tries. Request a new code.' });
    expect((await status(user)).json().is_confirmed).toBe(false);
  });

  it('refuses an expired code', async () => {
    const user = await registerUser(t);
    const code = await t.mail.codeFor(user.email, SUBJECT);
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user.id));
    const res = await confirm(user, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_EXPIRED');
  });

  it('resends only after the cooldown, and the new code replaces the old one', async () => {
    const user = await registerUser(t);
    const first = await t.mail.codeFor(user.email, SUBJECT);

    const tooSoon = await resend(user);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe('RATE_LIMITED');
    expect(t.mail.count(user.email, SUBJECT)).toBe(1);

    await age(user, 31);
    const again = await resend(user);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: expect.any(String), resend_in: 30 });
    const second = await t.mail.codeFor(user.email, SUBJECT, { after: 1 });

    if (second !== first) expect((await confirm(user, first)).json().code).toBe('INVALID_CODE');
    expect((await confirm(user, second)).statusCode).toBe(200);
  });

  it('stops resending after five codes in an hour', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 4; i++) {
      await age(user, 31);
      expect((await resend(user)).statusCode).toBe(200);
    }
    await age(user, 31);
    const capped = await resend(user);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().code).toBe('RATE_LIMITED');
    // Every code is mailed in the background, so the count is awaited.
    await expect.poll(() => t.mail.count(user.email, SUBJECT)).toBe(5);
  });

  it('does not resend to a confirmed account', async () => {
    const user = await registerUser(t);
    await confirm(user, await t.mail.codeFor(user.email, SUBJECT));
    await age(user, 31);
    const res = await resend(user);
    expect(res.statusCode).toBe(409);
  });

  it('limits confirm tries per client address', async () => {
    const user = await registerUser(t);
    const ip = randomClientAddress();
    for (let i = 0; i < 30; i++) expect((await confirm(user, '000000', ip)).statusCode).toBe(400);
    const limited = await confirm(user, '000000', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});
