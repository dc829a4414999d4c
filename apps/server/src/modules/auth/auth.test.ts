import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { registerUser, PASSWORD, uniqueEmail } from '../../../test/support/factories.ts';

const t = useTestApp();

describe('register and login', () => {
  it('registers, returns a token and the member without secrets', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: PASSWORD } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ email, is_confirmed: false, profile_completed: false });
    expect(res.body).not.toMatch(/argon2|password_hash|passwordHash/);

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const { email } = await registerUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: email.toUpperCase(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'USER_EXISTS', msg: 'User already exists!', field: 'email' });
  });

  it.each([
    [{}, 'email'],
    [{ email: 'not-an-email', password: PASSWORD }, 'email'],
    [{ email: 'a@b.co', password: 'short' }, 'password'],
    [{ email: 'a@b.co', password: 'longenough1' }, 'password'],
    [{ email: 'a@b.co', password: 'long$enough' }, 'password'],
    [{ email: 42, password: PASSWORD }, 'email'],
  ])('rejects bad registration input %j', async (payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field });
  });

  it('logs in with the right password and gives one message for a wrong email or password', async () => {
    const { email } = await registerUser(t);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(email);

    const wrongPassword = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Wrong$pass1' } });
    const wrongEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail(), password: PASSWORD },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(wrongEmail.json());
  });

  it('revokes the token on logout', async () => {
    const user = await registerUser(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('UNAUTHORIZED');
  });

  it('answers 401 without a token and 413 for an oversized body', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(me.json()).toEqual({ code: 'UNAUTHORIZED', msg: 'No auth token found' });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});
