import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, twoStepChallenges, users, verificationCodes } from '../../db/schema/index.ts';
import { registerUser, randomClientAddress } from '../../../test/support/factories.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { wrongCode } from '../../../test/support/mail-catcher.ts';
import { useSecretsWatch } from '../../../test/support/secrets.ts';

const SUBJECT = /sign-in code/;
const t = useTestApp();
useSecretsWatch(t);

type Member = Awaited<ReturnType<typeof registerUser>>;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: randomClientAddress() });
const login = (m: Member, extra: object = {}) => post('/api/auth/login', { email: m.email, password: m.password, ...extra });
const verify = (challenge_token: string, code: string) => post('/api/auth/two-step/verify', { challenge_token, code });
const enable = (m: Member, password = m.password) => post('/api/auth/two-step/enable', { password }, m.auth);
const mailsTo = (m: Member) => t.mail.count(m.email, SUBJECT);

async function confirmedMember() {
  const m = await registerUser(t);
  const code = await t.mail.codeFor(m.email, /Confirm your Tribeverse account/);
  expect((await post('/api/auth/confirm-account', { code }, m.auth)).statusCode).toBe(200);
  return m;
}

/** A confirmed member with two-step verification on. */
async function protectedMember() {
  const m = await confirmedMember();
  expect((await enable(m)).json()).toEqual({ enabled: true, has_password: true, email_confirmed: true });
  return m;
}

/** Signs in with the password: the challenge, and the code mailed for it. */
async function challenge(m: Member, extra: object = {}) {
  const before = mailsTo(m);
  const res = await login(m, extra);
  expect(res.statusCode).toBe(200);
  const code = await t.mail.codeFor(m.email, SUBJECT, { after: before });
  return { body: res.json(), code };
}

describe('turning two-step verification on and off', () => {
  it('is off by default, and says why it may not be turned on yet', async () => {
    const m = await registerUser(t);
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/two-step', headers: m.auth });
    expect(status.json()).toEqual({ enabled: false, has_password: true, email_confirmed: false });
    const res = await enable(m);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', msg: expect.stringMatching(/Confirm your email/) });
  });

  it('needs the current password', async () => {
    const m = await confirmedMember();
    const res = await enable(m, 'not-my-password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WRONG_PASSWORD', field: 'password' });
    expect((await post('/api/auth/two-step/enable', {}, m.auth)).statusCode).toBe(400);
    expect((await login(m)).json().access_token).toEqual(expect.any(String));
  });

  it('explains to a member without a password (Google/Apple) that there is nothing to protect', async () => {
    const m = await confirmedMember();
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, m.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/two-step', headers: m.auth })).json().has_password).toBe(false);
    const res = await enable(m, 'anything');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NO_PASSWORD', msg: expect.stringMatching(/Google or Apple/) });
  });

  it('needs a session', async () => {
    for (const url of ['/api/auth/two-step/enable', '/api/auth/two-step/disable']) {
      expect((await post(url, { password: 'x' })).statusCode).toBe(401);
    }
  });

  it('turning it off needs the password, then sign-in gives a session again', async () => {
    const m = await protectedMember();
    expect((await post('/api/auth/two-step/disable', { password: 'wrong-one' }, m.auth)).statusCode).toBe(400);
    expect((await login(m)).json().two_step).toBe(true);
    const off = await post('/api/auth/two-step/disable', { password: m.password }, m.auth);
    expect(off.json()).toMatchObject({ enabled: false });
    expect((await login(m)).json().access_token).toEqual(expect.any(String));
  });
});

describe('signing in with two-step verification on', () => {
  it('answers the password with a challenge, not a session, and mails a code; the code gives the session', async () => {
    const m = await protectedMember();
    const { body, code } = await challenge(m);
    expect(body).toMatchObject({ two_step: true, challenge_token: expect.any(String), resend_in: 30, expires_in: 180 });
    expect(body.access_token).toBeUndefined();
    expect(body.email_hint).toBe(`${m.email[0]}•••${m.email.slice(m.email.indexOf('@'))}`);

    const res = await verify(body.challenge_token, code);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: m.id, email: m.email });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${res.json().access_token}` } });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a challenge that was already used', async () => {
    const m = await protectedMember();
    const { body, code } = await challenge(m);
    expect((await verify(body.challenge_token, code)).statusCode).toBe(200);
    const again = await verify(body.challenge_token, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'TWO_STEP_CHALLENGE_INVALID', msg: 'This sign-in has expired. Please sign in again.' });
    expect((await verify('made-up-token', code)).json().code).toBe('TWO_STEP_CHALLENGE_INVALID');
  });

  it('kills the code on the fifth wrong try', async () => {
    const m = await protectedMember();
    const { body, code } = await challenge(m);
    for (let i = 1; i <= 4; i++) {
      expect((await verify(body.challenge_token, wrongCode(code))).json()).toMatchObject({
        code: 'INVALID_CODE',
        msg: 'Invalid code. Please try again.',
      });
    }
    expect((await verify(body.challenge_token, wrongCode(code))).json().code).toBe('TOO_MANY_ATTEMPTS');
    const right = await verify(body.challenge_token, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('refuses an expired code, and a resent one works', async () => {
    const m = await protectedMember();
    const { body, code } = await challenge(m);
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000), createdAt: sql`now() - interval '181 seconds'` })
      .where(eq(verificationCodes.userId, m.id));
    const res = await verify(body.challenge_token, code);
    expect(res.json()).toMatchObject({ code: 'CODE_EXPIRED', msg: 'This code has expired. Request a new code.' });

    const before = mailsTo(m);
    const resent = await post('/api/auth/two-step/resend', { challenge_token: body.challenge_token });
    expect(resent.json()).toMatchObject({ resend_in: 30, expires_in: 180 });
    const fresh = await t.mail.codeFor(m.email, SUBJECT, { after: before });
    expect((await verify(body.challenge_token, fresh)).statusCode).toBe(200);
  });

  it('resends only after the cooldown', async () => {
    const m = await protectedMember();
    const { body } = await challenge(m);
    const res = await post('/api/auth/two-step/resend', { challenge_token: body.challenge_token });
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toMatch(/Please wait \d+ seconds/);
  });

  it('signing in again at once mails no second code; the first one still works', async () => {
    const m = await protectedMember();
    const first = await challenge(m);
    const second = await login(m);
    expect(second.json()).toMatchObject({ two_step: true });
    expect(second.json().resend_in).toBeGreaterThan(0);
    // A second mail would be on its way now: once the mailer has nothing left to send, the catcher has it.
    await t.app.ctx.mailer.idle();
    expect(mailsTo(m)).toBe(1);
    expect((await verify(second.json().challenge_token, first.code)).statusCode).toBe(200);
  });

  it('refuses a challenge past its lifetime', async () => {
    const m = await protectedMember();
    const { body, code } = await challenge(m);
    await t.db
      .update(twoStepChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(twoStepChallenges.userId, m.id));
    expect((await verify(body.challenge_token, code)).json().code).toBe('TWO_STEP_CHALLENGE_INVALID');
  });

  it("keeps 'Remember my password': the session after the code is the long one", async () => {
    const m = await protectedMember();
    const { body, code } = await challenge(m, { remember: true });
    const res = await verify(body.challenge_token, code);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, m.id))
      .orderBy(sql`${sessions.id} desc`)
      .limit(1);
    expect(row!.remember).toBe(true);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3_600_000);
    expect(res.statusCode).toBe(200);
  });

  it('a wrong password gets no challenge and still counts towards the failed-login limit', async () => {
    const m = await protectedMember();
    for (let i = 0; i < 10; i++) {
      const res = await login(m, { password: 'wrong-password' });
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    }
    const locked = await login(m);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().challenge_token).toBeUndefined();
  });

  it('a password reset ends the sign-ins that were waiting for their code', async () => {
    const m = await protectedMember();
    const { body, code } = await challenge(m);
    await post('/api/send-reset-code', { email: m.email });
    const resetCode = await t.mail.codeFor(m.email, /password reset code/);
    const { resetToken } = (await post('/api/verify-reset-code', { email: m.email, code: resetCode })).json();
    expect((await post(`/api/reset-password/${resetToken}`, { password: 'N3w$ecret!' })).statusCode).toBe(200);
    expect((await verify(body.challenge_token, code)).json().code).toBe('TWO_STEP_CHALLENGE_INVALID');
  });

  it('validates the second step', async () => {
    for (const payload of [{}, { challenge_token: 'x', code: '12' }, { challenge_token: 5, code: '123456' }]) {
      const res = await post('/api/auth/two-step/verify', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', msg: expect.any(String) });
    }
  });
});
