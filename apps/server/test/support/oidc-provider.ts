import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata } from 'oidc-provider';
import { createTestApp } from './test-app.ts';

/** Who may sign in at a test provider: login name -> the claims it vouches for. */
export type People = Map<string, { email?: string; email_verified?: boolean; name?: string }>;

const listen = (server: http.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

/** A free local port, so an app can be told its public URL (and a provider its callback) before it listens. */
export async function reservePort(): Promise<number> {
  const probe = http.createServer();
  const port = await listen(probe);
  await new Promise((r) => probe.close(r));
  return port;
}

/** A real OpenID Connect provider on loopback that signs in whoever is in `people`, with any password. */
export async function startTestProvider(clients: ClientMetadata[]) {
  const people: People = new Map();
  let handle: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handle(req, res));
  const issuer = `http://127.0.0.1:${await listen(server)}`;
  const provider = new Provider(issuer, {
    clients,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    cookies: { keys: ['cookie-key-for-tests'] },
    async findAccount(_ctx: unknown, id: string) {
      return { accountId: id, claims: async () => ({ sub: id, ...people.get(id) }) };
    },
  });
  handle = provider.callback();
  return { issuer, people, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The app, listening on its public URL, with one provider configured against a real local provider. */
export async function appWithProvider(kind: 'google' | 'apple', clientId: string, clientSecret: string) {
  // The app's port comes first: the provider only redirects to registered callback URLs.
  const appUrl = `http://127.0.0.1:${await reservePort()}`;
  const provider = await startTestProvider([
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [`${appUrl}/api/auth/${kind}/callback`],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ]);
  const prefix = kind.toUpperCase();
  const t = await createTestApp({
    [`${prefix}_CLIENT_ID`]: clientId,
    [`${prefix}_CLIENT_SECRET`]: clientSecret,
    [`${prefix}_ISSUER_URL`]: provider.issuer,
    PUBLIC_URL: appUrl,
  });
  await t.app.listen({ port: Number(new URL(appUrl).port), host: '127.0.0.1' });
  return {
    t,
    appUrl,
    people: provider.people,
    async close() {
      await t.close();
      await provider.close();
    },
  };
}

/**
 * A browser: follows redirects, keeps the provider's cookies, fills the provider's login form with `login` and
 * submits its consent (and form_post) forms, until the app sends it into the web app (/auth/social or /auth/login).
 * `addToAppForm` adds fields to a form posted to the app, as Apple adds the member's name on a first sign-in.
 */
export async function browserSignIn(appUrl: string, login: string, start: string, addToAppForm: Record<string, string> = {}) {
  const cookies = new Map<string, string>();
  const visited: string[] = [];
  let url = new URL(start, appUrl).href;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    visited.push(url);
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin === appUrl && (next.pathname === '/auth/social' || next.pathname === '/auth/login')) {
        return { landing: next, visited, cookies };
      }
      url = next.href;
      init = {};
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`stuck at ${url} (${res.status}): ${html.slice(0, 300)}`);
    const form = new URLSearchParams();
    for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
      const name = /name="([^"]+)"/.exec(tag)?.[1];
      if (name) form.set(name, /value="([^"]*)"/.exec(tag)?.[1] ?? '');
    }
    if (form.has('login')) {
      form.set('login', login);
      form.set('password', 'any password');
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    if (url.startsWith(appUrl)) for (const [k, v] of Object.entries(addToAppForm)) form.set(k, v);
    init = { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('too many steps');
}

/** What the landing page does: exchanges the fragment's one-time code, in this browser (its cookies), for the session. */
export async function sessionOf(result: { landing: URL; cookies: Map<string, string> }) {
  const fragment = new URLSearchParams(result.landing.hash.slice(1));
  const res = await fetch(new URL('/api/auth/social/exchange', result.landing.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: [...result.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: JSON.stringify({ code: fragment.get('code') ?? '' }),
  });
  if (res.status !== 200) throw new Error(`exchange failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { access_token: string; next: string };
  return new URLSearchParams({ token: body.access_token, next: body.next });
}
