import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { totpCredentials } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { totpCode } from './security-totp.test-support.ts';

const t = useTestApp();

describe('stored authenticator secrets', () => {
  it('are encrypted at rest, and sign-in still reads them', async () => {
    const m = await t.member();
    const { secret } = (await t.as(m).post('/api/auth/totp/setup', { password: m.password })).json();
    const plain = (secret as string).replace(/\s/g, '');
    expect((await t.as(m).post('/api/auth/totp/enable', { password: m.password, code: totpCode(secret) })).statusCode).toBe(200);

    const [row] = await t.db.select({ stored: totpCredentials.secret }).from(totpCredentials).where(eq(totpCredentials.userId, m.id));
    expect(row!.stored).toMatch(/^v1:/);
    expect(row!.stored).not.toContain(plain);

    const challenge = (await t.as(null).post('/api/auth/login', { email: m.email, password: m.password })).json().challenge_token;
    const signedIn = await t.as(null).post('/api/auth/two-step/verify', { challenge_token: challenge, code: totpCode(secret, 1) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('stored before encryption (plain) still work', async () => {
    const m = await t.member();
    const { secret } = (await t.as(m).post('/api/auth/totp/setup', { password: m.password })).json();
    expect((await t.as(m).post('/api/auth/totp/enable', { password: m.password, code: totpCode(secret) })).statusCode).toBe(200);
    await t.db
      .update(totpCredentials)
      .set({ secret: (secret as string).replace(/\s/g, ''), lastUsedStep: sql`null` })
      .where(eq(totpCredentials.userId, m.id));

    const challenge = (await t.as(null).post('/api/auth/login', { email: m.email, password: m.password })).json().challenge_token;
    expect((await t.as(null).post('/api/auth/two-step/verify', { challenge_token: challenge, code: totpCode(secret) })).statusCode).toBe(
      200,
    );
  });
});
