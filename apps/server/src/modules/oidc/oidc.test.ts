import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceSettings, oauthAccounts, users } from '../../db/schema/index.ts';
import { registerUser, uniqueEmail, randomClientAddress } from '../../../test/support/factories.ts';
import { appWithProvider, browserSignIn, sessionOf, type People } from '../../../test/support/oidc-provider.ts';
import type { TestApp } from '../../../test/support/test-app.ts';

const CLIENT_ID = 'tribeverse-web';
const CLIENT_SECRET = 'a-client-secret-for-tests-only';

let stack: Awaited<ReturnType<typeof appWithProvider>>;
let t: TestApp;
let people: People;
let appUrl: string;

beforeAll(async () => {
  stack = await appWithProvider('google', CLIENT_ID, CLIENT_SECRET);
  ({ t, people, appUrl } = stack);
});
afterAll(async () => stack?.close());

const signIn = (login: string, start = '/api/auth/google') => browserSignIn(appUrl, login, start);
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

describe('social sign-in (OpenID Connect)', () => {
  it('says which providers are configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ google: true, apple: false });
  });

  it('sends an unconfigured provider back to the login screen with a reason', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/apple', remoteAddress: randomClientAddress() });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/login?social_error=not_configured&provider=apple');
  });

  it('starts a real authorization code flow with PKCE S256, state and nonce', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google', remoteAddress: randomClientAddress() });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(location.searchParams.get('redirect_uri')).toBe(`${appUrl}/api/auth/google/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(location.searchParams.get('response_type')).toBe('code');
  });

  it('creates a confirmed account for a new verified email, signs in and lands on profile set-up', async () => {
    const email = uniqueEmail('social');
    people.set('new-person', { email, email_verified: true, name: 'Alan Turing' });
    // The login screen always asks to come back to /home (or the page the member was going to).
    const first = await signIn('new-person', '/api/auth/google?return_to=%2Fhome');
    expect(first.landing.pathname).toBe('/auth/social');
    const params = await sessionOf(first);
    expect(params.get('next')).toBe('/auth/setup-profile');

    const res = await me(params.get('token')!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, full_name: 'Alan Turing', is_confirmed: true, profile_completed: false });
    const links = await t.db.select().from(oauthAccounts).where(eq(oauthAccounts.subject, 'new-person'));
    expect(links).toEqual([expect.objectContaining({ provider: 'google', userId: res.json().id })]);

    // The same person again is the same account, still sent to set-up until the profile is done.
    const again = await signIn('new-person', '/api/auth/google?return_to=%2Fchat%2F3');
    const second = await sessionOf(again);
    expect(second.get('next')).toBe('/auth/setup-profile');
    expect((await me(second.get('token')!)).json().id).toBe(res.json().id);
  });

  it('links a verified email to the existing account and lands on /home once the profile is complete', async () => {
    const user = await registerUser(t);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/complete-profile',
      headers: user.auth,
      remoteAddress: randomClientAddress(),
      payload: { full_name: 'Grace Hopper', username: `grace_${process.pid}`, gender: 'female', country: 'US', phone_number: '2015550123' },
    });
    people.set('existing-person', { email: user.email.toUpperCase(), email_verified: true });
    const params = await sessionOf(await signIn('existing-person', '/api/auth/google?return_to=%2F%2Fevil.test%2Fpath'));
    expect(params.get('next')).toBe('/home');
    // A safe return_to is honoured for a finished profile.
    const again = await signIn('existing-person', '/api/auth/google?return_to=%2Fchat%2F3');
    expect((await sessionOf(again)).get('next')).toBe('/chat/3');
    const res = await me(params.get('token')!);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, is_confirmed: true });
  });

  it('takes an unconfirmed account back from whoever signed up with the address: their password and sessions end', async () => {
    const squatter = await registerUser(t);
    people.set('mailbox-owner', { email: squatter.email, email_verified: true });
    const owner = await me((await sessionOf(await signIn('mailbox-owner'))).get('token')!);
    expect(owner.json()).toMatchObject({ id: squatter.id, is_confirmed: true });

    expect((await me(squatter.token)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomClientAddress(),
      payload: { email: squatter.email, password: squatter.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('keeps the password and sessions of a confirmed account it links to', async () => {
    const user = await registerUser(t);
    const code = await t.mail.codeFor(user.email, /confirm/i);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-account', headers: user.auth, payload: { code } });
    expect(confirmed.statusCode).toBe(200);
    people.set('confirmed-person', { email: user.email, email_verified: true });
    await signIn('confirmed-person');
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('refuses to link an unverified email to an existing account', async () => {
    const user = await registerUser(t);
    people.set('impostor', { email: user.email, email_verified: false });
    const { landing } = await signIn('impostor');
    expect(landing.pathname + landing.search).toBe('/auth/login?social_error=failed');
    expect(await t.db.select().from(oauthAccounts).where(eq(oauthAccounts.subject, 'impostor'))).toEqual([]);
  });

  it('makes no new account unless sign-up is open with no rules, and still signs existing members in', async () => {
    const member = await registerUser(t);
    people.set('member-by-google', { email: member.email, email_verified: true });
    const setRegistration = (registration: 'open' | 'approval' | 'invite' | 'closed', rules: string[] = []) =>
      t.db
        .insert(instanceSettings)
        .values({ id: 1, registration, rules, proofOfWork: false })
        .onConflictDoUpdate({ target: instanceSettings.id, set: { registration, rules } });
    try {
      for (const [mode, rules] of [
        ['closed', []],
        ['invite', []],
        ['approval', []],
        ['open', ['Be kind']],
      ] as const) {
        await setRegistration(mode, [...rules]);
        const email = uniqueEmail('social');
        people.set(`newcomer-${mode}`, { email, email_verified: true });
        const { landing } = await signIn(`newcomer-${mode}`);
        expect(landing.pathname + landing.search).toBe('/auth/login?social_error=signups_closed&provider=google');
        expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      }
      const existing = await sessionOf(await signIn('member-by-google'));
      expect((await me(existing.get('token')!)).json().id).toBe(member.id);
    } finally {
      await setRegistration('open');
    }
  });

  it('refuses a provider answer without an email', async () => {
    people.set('no-email', {});
    const { landing } = await signIn('no-email');
    expect(landing.pathname + landing.search).toBe('/auth/login?social_error=failed');
  });

  it('fails safely on a forged, replayed or error callback', async () => {
    people.set('replayer', { email: uniqueEmail('social'), email_verified: true });
    const { visited } = await signIn('replayer');
    const callback = visited.find((u) => u.startsWith(`${appUrl}/api/auth/google/callback`))!;
    expect(callback).toBeTruthy();
    const replay = await fetch(callback, { redirect: 'manual' });
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toBe('/auth/login?social_error=failed');

    for (const url of [
      '/api/auth/google/callback?code=forged&state=forged',
      '/api/auth/google/callback?error=access_denied&state=x',
      '/api/auth/google/callback',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: randomClientAddress() });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth/login?social_error=failed');
    }
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=forged&state=forged',
      remoteAddress: randomClientAddress(),
    });
    expect(posted.headers.location).toBe('/auth/login?social_error=failed');
  });
});

describe('the social sign-in landing', () => {
  it('carries no session token in the URL, only a one-time code for the browser that started the sign-in', async () => {
    people.set('landing-person', { email: uniqueEmail('landing'), email_verified: true });
    const result = await signIn('landing-person');
    const fragment = new URLSearchParams(result.landing.hash.slice(1));
    expect(fragment.has('token')).toBe(false);
    // The code alone is no session.
    expect((await me(fragment.get('code')!)).statusCode).toBe(401);

    // Planted in (or lifted into) another browser, the code signs nobody in, and is spent.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/social/exchange',
      payload: { code: fragment.get('code') },
      headers: { cookie: 'tv_social=another-browsers-binding' },
      remoteAddress: randomClientAddress(),
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ code: 'INVALID_CODE' });
    await expect(sessionOf(result)).rejects.toThrow(/exchange failed: 400/);

    // In the browser that started it, once.
    const fresh = await signIn('landing-person');
    const session = await sessionOf(fresh);
    expect((await me(session.get('token')!)).statusCode).toBe(200);
    await expect(sessionOf(fresh)).rejects.toThrow(/exchange failed: 400/);
  });

  it('sets the binding cookie HttpOnly and only for the auth API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google', remoteAddress: randomClientAddress() });
    expect(res.headers['set-cookie']).toMatch(/^tv_social=[\w-]{20,}; Path=\/api\/auth; Max-Age=600; HttpOnly; SameSite=Lax$/);
  });
});
