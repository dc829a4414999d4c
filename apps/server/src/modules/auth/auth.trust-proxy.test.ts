import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { uniqueEmail } from '../../../test/support/factories.ts';
import { ConfigError, loadConfig } from '../../lib/env.ts';

/** Logins from one socket address, each naming a different client in X-Forwarded-For. */
async function loginsNamingOtherClients(t: ReturnType<typeof useTestApp>, count: number, remoteAddress: string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail('nobody'), password: 'Wrong$ecret1' },
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      remoteAddress,
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('X-Forwarded-For is not trusted by default, even in production', () => {
  const t = useTestApp({ NODE_ENV: 'production' });

  it('keeps counting the login limit (30 a minute) per real address whatever the header says', async () => {
    const statuses = await loginsNamingOtherClients(t, 31, '198.51.100.7');
    expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('TRUST_PROXY names the proxies that may say who the client is', () => {
  const t = useTestApp({ NODE_ENV: 'production', TRUST_PROXY: '192.0.2.10' });

  it('counts clients behind the trusted proxy apart', async () => {
    const statuses = await loginsNamingOtherClients(t, 31, '192.0.2.10');
    expect(statuses).not.toContain(429);
  });

  it('ignores the header from any other sender', async () => {
    const statuses = await loginsNamingOtherClients(t, 31, '198.51.100.8');
    expect(statuses[30]).toBe(429);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  const t = useTestApp({ NODE_ENV: 'production', TRUST_PROXY: '1' });

  it('takes the client from the one proxy in front', async () => {
    const statuses = await loginsNamingOtherClients(t, 31, '192.0.2.11');
    expect(statuses).not.toContain(429);
  });
});

describe('TRUST_PROXY values', () => {
  it('is off by default, a hop count or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual(['10.0.0.1', '10.0.1.0/24']);
  });

  it.each(['true', 'everyone', '10.0.0.1,nope'])('refuses %j naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^TRUST_PROXY: /);
  });
});
