import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/support/factories.ts';
import { appWithProvider, browserSignIn, sessionOf } from '../../../test/support/oidc-provider.ts';
import type { TestApp } from '../../../test/support/test-app.ts';

// Apple as a real local provider: it answers by posting a form (response_mode=form_post), and on a member's first
// sign-in Apple adds their name as a JSON `user` field of that form, never in the id_token.
const CLIENT_ID = 'tribeverse-apple';
const CLIENT_SECRET = 'an-apple-client-secret-for-tests-only';
let stack: Awaited<ReturnType<typeof appWithProvider>>;
let t: TestApp;
let appUrl: string;

beforeAll(async () => {
  stack = await appWithProvider('apple', CLIENT_ID, CLIENT_SECRET);
  ({ t, appUrl } = stack);
});
afterAll(async () => stack?.close());

const me = async (result: Parameters<typeof sessionOf>[0]) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${(await sessionOf(result)).get('token')}` } });

describe('Apple sign-in', () => {
  it('takes the answer posted back as a form and keeps the name Apple sends on the first sign-in', async () => {
    const email = uniqueEmail('apple');
    stack.people.set('apple-person', { email, email_verified: true });
    const user = JSON.stringify({ name: { firstName: 'Katherine', lastName: 'Johnson' }, email });
    const first = await browserSignIn(appUrl, 'apple-person', '/api/auth/apple?return_to=%2Fhome', { user });
    // The provider's answer reached the app as a POST, not in a URL.
    const callback = first.visited.find((u) => u.startsWith(`${appUrl}/api/auth/apple/callback`));
    expect(callback && new URL(callback).search).toBe('');
    expect(first.landing.pathname).toBe('/auth/social');
    expect(new URLSearchParams(first.landing.hash.slice(1)).get('next')).toBe('/auth/setup-profile');
    expect((await me(first)).json()).toMatchObject({ email, full_name: 'Katherine Johnson', is_confirmed: true });

    // Later sign-ins carry no name: the one kept stays.
    const again = await browserSignIn(appUrl, 'apple-person', '/api/auth/apple');
    expect((await me(again)).json()).toMatchObject({ email, full_name: 'Katherine Johnson' });
  });

  it('signs in without a name when the `user` field is missing or not JSON', async () => {
    const email = uniqueEmail('apple');
    stack.people.set('quiet-person', { email, email_verified: true });
    const result = await browserSignIn(appUrl, 'quiet-person', '/api/auth/apple', { user: '{not json' });
    expect(result.landing.pathname).toBe('/auth/social');
    const res = await me(result);
    expect(res.statusCode).toBe(200);
    expect(res.json().full_name ?? '').toBe('');
  });
});
