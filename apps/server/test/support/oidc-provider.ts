import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KeyObject } from 'node:crypto';
import { jwtVerify, type JWTPayload } from 'jose';
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

/** What Apple checks of a client secret signed by the app: the team's key, and whom it names. */
export interface AppleKeyCheck {
  publicKey: KeyObject;
  teamId: string;
  keyId: string;
  clientId: string;
  /** The client's registered secret, put in place of a signed one that passes. */
  registeredSecret: string;
}

/** Apple allows a signed client secret six months at most. */
const APPLE_MAX_LIFETIME_S = 15_777_000;

/**
 * As Apple does, a token request's client_secret must be a JWT (ES256) signed with the team's key, naming the team
 * (iss), the client (sub) and the provider (aud), not expired and not issued for longer than Apple allows. One that
 * passes is swapped for the client's registered secret, which the provider then checks as usual; anything else is
 * left as it came, and refused. Each secret that passed is kept in `passed`.
 */
function checkAppleSecrets(check: AppleKeyCheck, issuer: string, passed: JWTPayload[], next: http.RequestListener): http.RequestListener {
  return (req, res) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/token')) return next(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      try {
        const { payload, protectedHeader } = await jwtVerify(form.get('client_secret') ?? '', check.publicKey, {
          algorithms: ['ES256'],
          issuer: check.teamId,
          subject: check.clientId,
          audience: issuer,
          requiredClaims: ['iat', 'exp'],
        });
        if (protectedHeader.kid === check.keyId && payload.exp! - payload.iat! <= APPLE_MAX_LIFETIME_S) {
          passed.push(payload);
          form.set('client_secret', check.registeredSecret);
        }
      } catch {
        // Not a secret signed as Apple asks: the provider refuses it.
      }
      // The body is read: the provider takes it from here (it reads a parsed body when the stream is consumed).
      (req as http.IncomingMessage & { body?: string }).body = form.toString();
      next(req, res);
    });
  };
}

/** A real OpenID Connect provider on loopback that signs in whoever is in `people`, with any password. */
export async function startTestProvider(clients: ClientMetadata[], appleKey?: AppleKeyCheck) {
  const people: People = new Map();
  const passedSecrets: JWTPayload[] = [];
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
  handle = appleKey ? checkAppleSecrets(appleKey, issuer, passedSecrets, provider.callback()) : provider.callback();
  return { issuer, people, passedSecrets, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * The app, listening on its public URL, with one provider configured against a real local provider. With
 * `appleKey`, the app is given Apple's signing key instead of the secret, and the provider checks what it signs.
 */
export async function appWithProvider(
  kind: 'google' | 'apple',
  clientId: string,
  clientSecret: string,
  appleKey?: { env: Record<string, string>; check: Omit<AppleKeyCheck, 'clientId' | 'registeredSecret'> },
) {
  // The app's port comes first: the provider only redirects to registered callback URLs.
  const appUrl = `http://127.0.0.1:${await reservePort()}`;
  const provider = await startTestProvider(
    [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appUrl}/api/auth/${kind}/callback`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    appleKey && { ...appleKey.check, clientId, registeredSecret: clientSecret },
  );
  const prefix = kind.toUpperCase();
  const t = await createTestApp({
    [`${prefix}_CLIENT_ID`]: clientId,
    ...(appleKey ? appleKey.env : { [`${prefix}_CLIENT_SECRET`]: clientSecret }),
    [`${prefix}_ISSUER_URL`]: provider.issuer,
    PUBLIC_URL: appUrl,
  });
  await t.app.listen({ port: Number(new URL(appUrl).port), host: '127.0.0.1' });
  return {
    t,
    appUrl,
    people: provider.people,
    passedSecrets: provider.passedSecrets,
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
