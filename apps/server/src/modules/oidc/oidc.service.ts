import crypto from 'node:crypto';
import * as oidc from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { OAuthProvider } from '@tribeverse/shared';
import type { Config, OidcProviderConfig } from '../../lib/env.ts';
import { isUniqueViolation } from '../../db/persistence/unique-violation.ts';
import { type Member, type UsersService } from '../users/users.service.ts';
import type { AuthApi } from '../auth/auth.module.ts';
import type { SessionOrigin } from '../auth/auth.service.ts';
import type { OAuthRepository } from './oidc.repository.ts';
import { appleClientAuth } from './oidc-apple-client-secret.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';

const sameHash = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

const ATTEMPT_TTL_MS = 10 * 60_000;
/** The landing page exchanges its code at once; a code found later in a history or log is dead. */
const HANDOFF_TTL_MS = 2 * 60_000;

/** A path inside this app, never another site: '/chat', not '//evil.test' or 'https://…'. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 300) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/[\p{Cc}\\]/u.test(value)) return null;
  return value;
}

export class SocialSignInError extends Error {}

/** OpenID Connect sign-in (authorization code + PKCE S256, state and nonce kept server-side). */
export class OidcService {
  private readonly discovered = new Map<OAuthProvider, Promise<oidc.Configuration>>();

  constructor(
    private readonly config: Config,
    private readonly attempts: OAuthRepository,
    private readonly users: UsersService,
    private readonly auth: AuthApi['accounts'],
    private readonly log: FastifyBaseLogger,
  ) {}

  isConfigured(provider: OAuthProvider): boolean {
    return !!this.config.oidc[provider];
  }

  redirectUri(provider: OAuthProvider) {
    return `${this.config.publicUrl}/api/auth/${provider}/callback`;
  }

  /**
   * Where to send the browser: the provider's authorization endpoint, with this attempt's state, nonce and
   * challenge; and the binding the route sets as a cookie in this browser, which alone may use the result.
   */
  async start(provider: OAuthProvider, returnTo?: string): Promise<{ url: string; binding: string }> {
    const binding = randomToken();
    const client = await this.client(provider);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await this.attempts.createAttempt({
      state,
      provider,
      codeVerifier,
      nonce,
      returnTo: safeReturnPath(returnTo),
      bindingHash: sha256(binding),
      expiresAt: new Date(Date.now() + ATTEMPT_TTL_MS),
    });
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri(provider),
      scope: provider === 'apple' ? 'openid email name' : 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    };
    // Apple returns email/name scopes only by posting the answer back.
    if (provider === 'apple') params.response_mode = 'form_post';
    return { url: oidc.buildAuthorizationUrl(client, params).href, binding };
  }

  /**
   * Checks the provider's answer (state, PKCE, id_token signature, issuer, audience, nonce), then finds the
   * account by provider identity, or links it by verified email, or creates it; and starts a session.
   */
  async finish(provider: OAuthProvider, response: { query: Record<string, string>; form?: Record<string, string> }) {
    const params = response.form ?? response.query;
    if (!params.state) throw new SocialSignInError('no state');
    const attempt = await this.attempts.takeAttempt(params.state, provider);
    if (!attempt) throw new SocialSignInError('unknown or expired state');
    const bindingHash = attempt.bindingHash;
    if (!bindingHash) throw new SocialSignInError('attempt without a browser binding');
    const client = await this.client(provider);

    const callbackUrl = new URL(this.redirectUri(provider));
    let current: URL | Request;
    if (response.form) {
      current = new Request(callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(response.form),
      });
    } else {
      for (const [k, v] of Object.entries(response.query)) callbackUrl.searchParams.set(k, v);
      current = callbackUrl;
    }
    const tokens = await oidc.authorizationCodeGrant(client, current, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new SocialSignInError('no id_token');
    let email = typeof claims.email === 'string' ? claims.email : undefined;
    let name = typeof claims.name === 'string' ? claims.name : undefined;
    let emailVerified = claims.email_verified === true || claims.email_verified === 'true';
    // Some providers keep the email for the userinfo endpoint; Apple has none and always puts it in the id_token.
    if (!email && client.serverMetadata().userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(client, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : undefined;
      emailVerified = info.email_verified === true || (info.email_verified as unknown) === 'true';
      name ??= typeof info.name === 'string' ? info.name : undefined;
    }

    if (provider === 'apple') name ??= appleName(response.form?.user);
    const fullName = name?.trim().slice(0, 80) || undefined;
    const user = await this.findOrCreateUser(provider, claims.sub, email?.toLowerCase(), emailVerified, fullName);
    // An account without a profile goes through set-up first, wherever the sign-in button meant to return to.
    const next = user.profileCompletedAt ? (safeReturnPath(attempt.returnTo) ?? '/home') : '/auth/setup-profile';
    const code = randomToken();
    await this.attempts.createHandoff({
      codeHash: sha256(code),
      userId: user.id,
      bindingHash,
      next,
      expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
    });
    return { code, next };
  }

  /**
   * The landing page's code for a session, only in the browser that started the sign-in (its binding cookie): a
   * code planted in someone else's browser, or lifted from a URL, signs nobody in.
   */
  async exchange(code: string, binding: string | undefined, origin: SessionOrigin = {}): Promise<{ token: string; next: string } | null> {
    const handoff = await this.attempts.takeHandoff(sha256(code));
    if (!handoff || !binding || !sameHash(handoff.bindingHash, sha256(binding))) return null;
    const session = await this.auth.startSession(handoff.userId, true, origin);
    return { token: session.token, next: handoff.next };
  }

  private async findOrCreateUser(
    provider: OAuthProvider,
    subject: string,
    email: string | undefined,
    emailVerified: boolean,
    fullName?: string,
  ): Promise<Member> {
    const linkedId = await this.attempts.findUserId(provider, subject);
    if (linkedId !== null) {
      const linked = await this.users.findById(linkedId);
      if (linked) return linked;
    }
    if (!email) throw new SocialSignInError('no email from the provider');
    const existing = await this.users.findByEmail(email);
    if (existing) {
      // Linking to an existing account is safe only when the provider vouches for the address.
      if (!emailVerified) throw new SocialSignInError('email not verified by the provider');
      await this.attempts.link(provider, subject, existing.id);
      if (existing.isConfirmed) return existing;
      // Nobody had proved this mailbox, so whoever signed up with the address may not own it. The provider has just
      // proved the owner: the password chosen at sign-up and its sessions end, or a squatter could keep the account.
      const claimed = await this.users.update(existing.id, { isConfirmed: true, passwordHash: null });
      await this.auth.revokeAll(existing.id);
      return claimed;
    }
    // A new account: only while anyone may sign up (the admin module's registration modes).
    await this.auth.admitSocialSignUp();
    let created: Member;
    try {
      // The provider's display name pre-fills the set-up screen's full name.
      created = await this.users.create({ email, passwordHash: null, isConfirmed: emailVerified, fullName });
    } catch (error) {
      if (isUniqueViolation(error)) throw new SocialSignInError('account created concurrently');
      throw error;
    }
    await this.attempts.link(provider, subject, created.id);
    return created;
  }

  private client(provider: OAuthProvider): Promise<oidc.Configuration> {
    const settings = this.config.oidc[provider];
    if (!settings) return Promise.reject(new SocialSignInError('not configured'));
    let pending = this.discovered.get(provider);
    if (!pending) {
      pending = discover(settings);
      // A failed discovery (provider down) is retried on the next sign-in rather than cached.
      pending.catch(() => this.discovered.delete(provider));
      this.discovered.set(provider, pending);
    }
    return pending;
  }

  logFailure(provider: OAuthProvider, error: unknown) {
    // Names and messages only: causes and responses can hold the code or tokens.
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown';
    this.log.warn({ provider, reason }, 'social sign-in failed');
  }
}

/** Apple sends the member's name once, on the first sign-in, as a JSON `user` field of its form, never in the id_token. */
function appleName(user: string | undefined): string | undefined {
  if (!user) return undefined;
  try {
    const { name } = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [name?.firstName, name?.lastName].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
    return parts.join(' ') || undefined;
  } catch {
    return undefined;
  }
}

function discover(settings: OidcProviderConfig) {
  const issuer = new URL(settings.issuerUrl);
  return oidc.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret,
    settings.signingKey
      ? // Apple's audience is its issuer, written without a trailing slash.
        appleClientAuth(settings.clientId, settings.issuerUrl.replace(/\/$/, ''), settings.signingKey)
      : settings.clientSecret
        ? oidc.ClientSecretPost(settings.clientSecret)
        : oidc.None(),
    // Plain http is only ever a local test or development issuer.
    { execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [], timeout: 10 },
  );
}
