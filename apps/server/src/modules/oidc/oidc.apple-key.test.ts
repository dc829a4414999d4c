import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/support/factories.ts';
import { appWithProvider, browserSignIn } from '../../../test/support/oidc-provider.ts';

// Apple as a real local provider that checks client secrets as Apple does: a JWT signed with the team's key.
const CLIENT_ID = 'tribeverse-apple';
/** The provider's own record of the client; the app is never given it. */
const REGISTERED_SECRET = 'registered-at-the-provider-only';
const TEAM_ID = 'TEAM123456';
const KEY_ID = 'KEY1234567';

const keyPair = () => crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
/** The .p8 file's text on one line, its line breaks written as \n, as an env file holds it. */
const oneLinePem = (key: crypto.KeyObject) => (key.export({ type: 'pkcs8', format: 'pem' }) as string).trim().replace(/\n/g, '\\n');

let stack: Awaited<ReturnType<typeof appWithProvider>> | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function appleWithKey(appKey: crypto.KeyObject, providerKnows: crypto.KeyObject) {
  stack = await appWithProvider('apple', CLIENT_ID, REGISTERED_SECRET, {
    env: { APPLE_TEAM_ID: TEAM_ID, APPLE_KEY_ID: KEY_ID, APPLE_PRIVATE_KEY: oneLinePem(appKey) },
    check: { publicKey: providerKnows, teamId: TEAM_ID, keyId: KEY_ID },
  });
  return stack;
}

describe("Apple sign-in with the team's key", () => {
  it('signs a short-lived client secret for each sign-in, which the provider accepts', async () => {
    const { privateKey, publicKey } = keyPair();
    const { appUrl, people, passedSecrets } = await appleWithKey(privateKey, publicKey);
    people.set('apple-person', { email: uniqueEmail('apple'), email_verified: true });

    for (let i = 0; i < 2; i++) {
      const result = await browserSignIn(appUrl, 'apple-person', '/api/auth/apple');
      expect(result.landing.pathname).toBe('/auth/social');
    }
    // One secret per token request, each valid for minutes rather than months.
    expect(passedSecrets).toHaveLength(2);
    for (const secret of passedSecrets) expect(secret.exp! - secret.iat!).toBeLessThanOrEqual(15 * 60);
  });

  it('fails the sign-in when the secret is signed with a key the provider does not know', async () => {
    const { appUrl, people, passedSecrets } = await appleWithKey(keyPair().privateKey, keyPair().publicKey);
    people.set('apple-person', { email: uniqueEmail('apple'), email_verified: true });

    const result = await browserSignIn(appUrl, 'apple-person', '/api/auth/apple');
    expect(result.landing.pathname + result.landing.search).toBe('/auth/login?social_error=failed');
    expect(passedSecrets).toEqual([]);
  });
});
