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
  ])('names %s when its value %j is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name}: `));
  });

  it('configures a social provider only with a client id', () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER_URL: 'http://127.0.0.1:9/' });
    expect(config.oidc.google).toEqual({ clientId: 'id', clientSecret: 's', issuerUrl: 'http://127.0.0.1:9/' });
    expect(config.oidc.apple).toBeUndefined();
  });
});
