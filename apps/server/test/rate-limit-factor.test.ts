import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { PASSWORD, uniqueEmail } from './support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  // Login allows 30 a minute per address; a factor of 0.1 leaves 3.
  t = await createTestApp({ RATE_LIMIT_FACTOR: '0.1' });
});
afterAll(async () => t?.close());

describe('RATE_LIMIT_FACTOR', () => {
  it('scales the per-address limits of every route', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.9.9.9',
        payload: { email: uniqueEmail(), password: PASSWORD },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
