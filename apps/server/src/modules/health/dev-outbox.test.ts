import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';

describe('dev outbox (no SMTP, not production)', () => {
  const t = useTestApp({ SMTP_URL: '' });

  it('is read by the machine itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
  });

  it('is not served to another address, nor through a proxy', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '10.1.2.3' });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({ code: 'NOT_FOUND', msg: 'Not found.' });
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.5' },
    });
    expect(proxied.statusCode).toBe(404);
  });
});
