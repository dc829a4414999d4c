import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/lib/env.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', isProduction: false, publicUrl: 'http://127.0.0.1:3000' });
    expect(config.oidc.google).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://localhost'],
    ['SMTP_URL', 'localhost:25'],
    ['PUBLIC_URL', 'example.com'],
    ['NODE_ENV', 'staging'],
    ['APPLE_TEAM_ID', 'team'],
    ['APPLE_KEY_ID', 'ABC'],
  ])('names %s when its value %j is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name}: `));
  });

  it('configures a social provider only with a client id', () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER_URL: 'http://127.0.0.1:9/' });
    expect(config.oidc.google).toEqual({ clientId: 'id', clientSecret: 's', issuerUrl: 'http://127.0.0.1:9/' });
    expect(config.oidc.apple).toBeUndefined();
  });

  describe("Apple's signing key", () => {
    const pem = (key: crypto.KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }) as string;
    const p256 = () => crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const apple = { APPLE_CLIENT_ID: 'app.tribeverse', APPLE_TEAM_ID: 'TEAM123456', APPLE_KEY_ID: 'KEY1234567' };

    it("is read from the .p8 file's path, or from its text", () => {
      const key = p256();
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-apple-')), 'AuthKey_KEY1234567.p8');
      fs.writeFileSync(file, pem(key));
      for (const given of [file, pem(key), pem(key).trim().replace(/\n/g, '\\n')]) {
        const { signingKey } = loadConfig({ ...apple, APPLE_PRIVATE_KEY: given }).oidc.apple!;
        expect(signingKey).toMatchObject({ teamId: 'TEAM123456', keyId: 'KEY1234567' });
        expect(signingKey!.key.equals(key)).toBe(true);
      }
    });

    it.each([
      ['without the Team ID', { APPLE_TEAM_ID: '' }, /^APPLE_PRIVATE_KEY: give it with APPLE_TEAM_ID and APPLE_KEY_ID/],
      ['with a fixed secret as well', { APPLE_CLIENT_SECRET: 'secret' }, /^APPLE_CLIENT_SECRET: leave it unset/],
      [
        'from a file that is not there',
        { APPLE_PRIVATE_KEY: '/nonexistent/AuthKey.p8' },
        /^APPLE_PRIVATE_KEY: cannot read it as a key file/,
      ],
      [
        'that is no key',
        { APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nnot a key\\n-----END PRIVATE KEY-----' },
        /^APPLE_PRIVATE_KEY: is not a private key/,
      ],
      [
        'of another kind than Apple issues',
        { APPLE_PRIVATE_KEY: pem(crypto.generateKeyPairSync('ed25519').privateKey) },
        /^APPLE_PRIVATE_KEY: must be a P-256 key/,
      ],
    ])('is refused with a clear message %s', (_case, change, message) => {
      expect(() => loadConfig({ ...apple, APPLE_PRIVATE_KEY: pem(p256()), ...change })).toThrow(message);
    });

    it('is never repeated in the message, when key material comes without its PEM lines', () => {
      const material = (pem(p256()).split('\n')[1] ?? '').trim();
      expect(material.length).toBeGreaterThan(20);
      expect(() => loadConfig({ ...apple, APPLE_PRIVATE_KEY: material })).toThrow(/^APPLE_PRIVATE_KEY: cannot read it as a key file/);
      expect(() => loadConfig({ ...apple, APPLE_PRIVATE_KEY: material })).not.toThrow(material);
    });
  });
});
