import { SignJWT } from 'jose';
import type * as oidc from 'openid-client';
import type { AppleSigningKey } from '../../lib/env.ts';

/** How long a client secret the app signs is valid: one token request needs it for seconds (Apple allows six months). */
const LIFETIME_S = 10 * 60;

/**
 * Apple's client secret: a JWT signed (ES256) with the team's Sign in with Apple key, naming the team (iss), the
 * client (sub) and Apple (aud). A fresh one for each token request, valid for minutes, so there is nothing to renew
 * and nothing long-lived to leak.
 */
export function appleClientSecret(clientId: string, audience: string, signing: AppleSigningKey, now = Date.now()) {
  // A minute back: Apple refuses a secret issued in its future, and clocks differ.
  const issuedAt = Math.floor(now / 1000) - 60;
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: signing.keyId })
    .setIssuer(signing.teamId)
    .setSubject(clientId)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LIFETIME_S)
    .sign(signing.key);
}

/** Token requests authenticated as Apple asks: client_id and a freshly signed client_secret in the form. */
export function appleClientAuth(clientId: string, audience: string, signing: AppleSigningKey): oidc.ClientAuth {
  // The library awaits its client authentication, though its type says it returns nothing.
  return (async (_server: unknown, _client: unknown, body: URLSearchParams) => {
    body.set('client_id', clientId);
    body.set('client_secret', await appleClientSecret(clientId, audience, signing));
  }) as oidc.ClientAuth;
}
