import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@tribeverse/shared';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { failedLogins } from '../../db/schema/index.ts';
import { totpCode } from './security-totp.test-support.ts';

const t = useTestApp();

const LOCKED_MSG = /^Too many wrong codes for this account\. Try again in \d+ minutes?\.$/;

async function withAuthenticator(m: Member) {
  const { secret } = (await t.as(m).post('/api/auth/totp/setup', { password: m.password })).json();
  const on = await t.as(m).post('/api/auth/totp/enable', { password: m.password, code: totpCode(secret) });
  expect(on.statusCode).toBe(200);
  return { secret: secret as string, backupCodes: on.json().backup_codes as string[] };
}

const signIn = async (m: Member) => {
  const res = await t.as(null).post('/api/auth/login', { email: m.email, password: m.password });
  expect(res.json()).toMatchObject({ two_step: true, method: 'authenticator' });
  return res.json().challenge_token as string;
};
const verify = (challenge_token: string, code: string) => t.as(null).post('/api/auth/two-step/verify', { challenge_token, code });

/** A six-digit code the app does not show now (nor one step either side). */
const wrongCode = (secret: string) => totpCode(secret, 40);

describe('wrong authenticator codes are counted per account, across sign-ins', () => {
  it('15 wrong codes over three sign-ins: the fourth sign-in is refused even with the right code, saying when', async () => {
    const m = await t.member();
    const { secret } = await withAuthenticator(m);
    for (let attempt = 0; attempt < 3; attempt++) {
      const challenge = await signIn(m);
      for (let i = 0; i < LIMITS.codeMaxAttempts; i++) {
        const res = await verify(challenge, wrongCode(secret));
        expect([400, 429]).toContain(res.statusCode);
      }
    }
    const fourth = await signIn(m);
    const refused = await verify(fourth, totpCode(secret, 1));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', msg: expect.stringMatching(LOCKED_MSG) });
    // Backup codes are the second step too.
    expect((await verify(fourth, 'aaaa-aaaa')).statusCode).toBe(429);

    // Once the window is over, the right code signs in.
    await t.db.update(failedLogins).set({ windowStartedAt: sql`${failedLogins.windowStartedAt} - interval '1 day'` });
    const later = await verify(await signIn(m), totpCode(secret, 1));
    expect(later.statusCode).toBe(200);
  });

  it('right codes do not use up the budget: after some wrong ones, many sign-ins in a row all pass', async () => {
    const m = await t.member();
    const { secret, backupCodes } = await withAuthenticator(m);
    const challenge = await signIn(m);
    for (let i = 0; i < LIMITS.codeMaxAttempts; i++) expect((await verify(challenge, wrongCode(secret))).statusCode).toBe(400);
    for (const code of backupCodes) expect((await verify(await signIn(m), code)).statusCode).toBe(200);
  });

  it('wrong codes behind a session (turning the app off) count toward the same budget', async () => {
    const m = await t.member();
    const { secret } = await withAuthenticator(m);
    for (let i = 0; i < 10; i++) {
      const res = await t.as(m).post('/api/auth/totp/disable', { password: m.password, code: wrongCode(secret) });
      expect([400, 429]).toContain(res.statusCode);
    }
    const refused = await verify(await signIn(m), totpCode(secret, 1));
    expect(refused.statusCode).toBe(429);
  });
});
