import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { totpCode } from './security-totp.test-support.ts';

const t = useTestApp();

/** A member with the authenticator app on: their key and backup codes. */
async function withAuthenticator(m: Member) {
  const setup = await t.as(m).post('/api/auth/totp/setup', { password: m.password });
  expect(setup.statusCode).toBe(200);
  const { secret, qr_data_url, otpauth_url } = setup.json();
  expect(qr_data_url).toMatch(/^data:image\/png;base64,/);
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Tribeverse:/);
  const on = await t.as(m).post('/api/auth/totp/enable', { password: m.password, code: totpCode(secret) });
  expect(on.statusCode).toBe(200);
  return { secret: secret as string, backupCodes: on.json().backup_codes as string[] };
}

const login = (m: Member) => t.as(null).post('/api/auth/login', { email: m.email, password: m.password });
const verify = (challenge_token: string, code: string) => t.as(null).post('/api/auth/two-step/verify', { challenge_token, code });

describe('turning the authenticator app on', () => {
  it('needs the password, then a code from the scanned key; gives ten backup codes once', async () => {
    const m = await t.member();
    expect((await t.as(m).post('/api/auth/totp/setup', { password: 'wrong-one' })).json().code).toBe('WRONG_PASSWORD');
    const { secret } = (await t.as(m).post('/api/auth/totp/setup', { password: m.password })).json();
    const wrong = await t.as(m).post('/api/auth/totp/enable', { password: m.password, code: totpCode(secret, 10) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('TOTP_INVALID');
    expect((await t.as(m).get('/api/auth/totp')).json()).toEqual({ enabled: false, backup_codes_left: 0, has_password: true });

    const on = await t.as(m).post('/api/auth/totp/enable', { password: m.password, code: totpCode(secret) });
    const codes = on.json().backup_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    codes.forEach((c) => expect(c).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/));
    expect((await t.as(m).get('/api/auth/totp')).json()).toEqual({ enabled: true, backup_codes_left: 10, has_password: true });
    // Shown once: nothing gives them back, and a second set-up is refused while it is on.
    expect((await t.as(m).post('/api/auth/totp/setup', { password: m.password })).statusCode).toBe(409);
  });

  it('validates codes', async () => {
    const m = await t.member();
    for (const code of ['12345', 'abc', '1234567']) {
      const res = await t.as(m).post('/api/auth/totp/enable', { password: m.password, code });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('signing in with the authenticator app on', () => {
  it('asks for the app code without mailing one; a wrong code is refused, the right one signs in', async () => {
    const m = await t.member();
    const { secret } = await withAuthenticator(m);
    const challenge = (await login(m)).json();
    expect(challenge).toMatchObject({ two_step: true, method: 'authenticator' });
    expect(challenge.access_token).toBeUndefined();
    expect(t.mail.count(m.email, /sign-in code/)).toBe(0);

    const wrong = await verify(challenge.challenge_token, totpCode(secret, 20));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'TOTP_INVALID' });

    // The code that turned the app on was used: the next period's code (within the window) signs in.
    const code = totpCode(secret, 1);
    const right = await verify(challenge.challenge_token, code);
    expect(right.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${right.json().access_token}` },
    });
    expect(me.json().id).toBe(m.id);

    // The same code cannot be replayed on another sign-in.
    const again = (await login(m)).json();
    expect((await verify(again.challenge_token, code)).json().code).toBe('TOTP_INVALID');
  });

  it('takes a backup code once', async () => {
    const m = await t.member();
    const { backupCodes } = await withAuthenticator(m);
    const first = (await login(m)).json();
    expect((await verify(first.challenge_token, backupCodes[3]!.toUpperCase())).statusCode).toBe(200);
    expect((await t.as(m).get('/api/auth/totp')).json().backup_codes_left).toBe(9);

    const second = (await login(m)).json();
    const reused = await verify(second.challenge_token, backupCodes[3]!);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('TOTP_INVALID');
    expect((await verify(second.challenge_token, backupCodes[4]!)).statusCode).toBe(200);
  });

  it('ends the sign-in after five wrong codes', async () => {
    const m = await t.member();
    const { secret } = await withAuthenticator(m);
    const { challenge_token } = (await login(m)).json();
    for (let i = 0; i < 4; i++) expect((await verify(challenge_token, 'aaaa-aaaa')).json().code).toBe('TOTP_INVALID');
    expect((await verify(challenge_token, 'aaaa-aaaa')).json().code).toBe('TOO_MANY_ATTEMPTS');
    expect((await verify(challenge_token, totpCode(secret, 1))).json().code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('turning it off needs the password and a valid code; then the password alone signs in', async () => {
    const m = await t.member();
    const { secret, backupCodes } = await withAuthenticator(m);
    expect((await t.as(m).post('/api/auth/totp/disable', { password: 'nope-nope', code: backupCodes[0] })).json().code).toBe(
      'WRONG_PASSWORD',
    );
    expect((await t.as(m).post('/api/auth/totp/disable', { password: m.password, code: totpCode(secret, 15) })).json().code).toBe(
      'TOTP_INVALID',
    );
    const off = await t.as(m).post('/api/auth/totp/disable', { password: m.password, code: backupCodes[0] });
    expect(off.json()).toMatchObject({ enabled: false });
    expect((await login(m)).json().access_token).toEqual(expect.any(String));
  });
});
