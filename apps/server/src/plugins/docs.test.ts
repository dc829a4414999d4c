import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});
const start = async (env: Record<string, string>) => {
  const app = await createTestApp(env);
  apps.push(app);
  return app;
};
const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('the API documentation', () => {
  it('is not published in production: a map of every route helps no member, only whoever probes the API', async () => {
    const t = await start({ NODE_ENV: 'production' });
    for (const url of ['/api/docs/json', '/api/docs/', '/api/docs']) {
      const res = await get(t, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', msg: 'Not found.' });
    }
  });

  it('is published in production when the operator turns it on (API_DOCS=on), and outside production', async () => {
    const envs: Array<Record<string, string>> = [{ NODE_ENV: 'production', API_DOCS: 'on' }, { NODE_ENV: 'development' }, {}];
    for (const env of envs) {
      const t = await start(env);
      const doc = await get(t, '/api/docs/json');
      expect(doc.statusCode).toBe(200);
      expect(doc.json().paths['/api/auth/login']).toBeDefined();
    }
  });

  it('refuses an API_DOCS value that is neither on nor off, at start-up', async () => {
    await expect(start({ NODE_ENV: 'production', API_DOCS: 'maybe' })).rejects.toThrow(/API_DOCS/);
  });
});
