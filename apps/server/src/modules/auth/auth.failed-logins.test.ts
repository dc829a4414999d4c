import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@tribeverse/shared';
import { useTestApp } from '../../../test/support/harness.ts';
import { registerUser, PASSWORD, randomClientAddress, uniqueEmail } from '../../../test/support/factories.ts';
import { failedLogins } from '../../db/schema/index.ts';

const t = useTestApp();

// Every try from another address: the per-address limit must not be what stops the guessing here.
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: randomClientAddress() });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: randomClientAddress() });

async function failTimes(email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await login(email, `Wrong$pass${i}`);
    expect(res.statusCode).toBe(401);
  }
}

describe('failed sign-ins per account', () => {
  it(`refuses an email after ${LIMITS.loginFailuresMax} failures, even with the right password, and answers alike for an unknown email`, async () => {
    const { email } = await registerUser(t);
    await failTimes(email, LIMITS.loginFailuresMax);
    const locked = await login(email, PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'RATE_LIMITED',
      msg: 'Too many failed sign-ins for this account. Try again in 15 minutes, or reset your password.',
    });

    const nobody = uniqueEmail();
    await failTimes(nobody, LIMITS.loginFailuresMax);
    const lockedNobody = await login(nobody, PASSWORD);
    expect(lockedNobody.statusCode).toBe(429);
    expect(lockedNobody.json()).toEqual(locked.json());

    // Another account is not affected.
    const other = await registerUser(t);
    expect((await login(other.email, PASSWORD)).statusCode).toBe(200);
  });

  it('counts the address whatever its case, and no address is stored in the clear', async () => {
    const { email } = await registerUser(t);
    await failTimes(email.toUpperCase(), LIMITS.loginFailuresMax);
    expect((await login(email, PASSWORD)).statusCode).toBe(429);
    const stored = JSON.stringify(await t.db.select().from(failedLogins));
    expect(stored).not.toContain(email.split('@')[0]);
  });

  it('starts again from zero after a successful sign-in', async () => {
    const { email } = await registerUser(t);
    await failTimes(email, LIMITS.loginFailuresMax - 1);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    await failTimes(email, LIMITS.loginFailuresMax - 1);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('lets the account in again once the window is over', async () => {
    const { email } = await registerUser(t);
    await failTimes(email, LIMITS.loginFailuresMax);
    expect((await login(email, PASSWORD)).statusCode).toBe(429);
    await t.db
      .update(failedLogins)
      .set({ windowStartedAt: sql`${failedLogins.windowStartedAt} - make_interval(mins => ${LIMITS.loginFailureWindowMinutes})` });
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('lifts the limit when the password is reset', async () => {
    const { email } = await registerUser(t);
    await failTimes(email, LIMITS.loginFailuresMax);
    expect((await login(email, PASSWORD)).statusCode).toBe(429);

    expect((await post('/api/send-reset-code', { email })).statusCode).toBe(200);
    const code = await t.mail.codeFor(email, /reset/i);
    const { resetToken } = (await post('/api/verify-reset-code', { email, code })).json();
    expect((await post(`/api/reset-password/${resetToken}`, { password: 'N3w$ecret!' })).statusCode).toBe(200);
    expect((await login(email, 'N3w$ecret!')).statusCode).toBe(200);
  });
});
