import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = await fs.mkdtemp(path.join(os.tmpdir(), 'tribeverse-web-'));
  await fs.mkdir(path.join(web, 'assets'));
  await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(path.join(web, 'assets', 'main-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: web });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(web, { recursive: true, force: true });
});

describe('the web app on the same port', () => {
  it.each(['/', '/home', '/scan-chat/private/12', '/auth/reset-password/some-token'])(
    'serves the page for %s, never cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed bundles for a year, including ones built after start-up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await fs.writeFile(path.join(web, 'assets', 'main-def456.js'), 'console.log(2)');
    const rebuilt = await t.app.inject({ method: 'GET', url: '/assets/main-def456.js' });
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.body).toBe('console.log(2)');
  });

  it('answers a missing bundle with 404, not with the page, and does not cache it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBeUndefined();
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.json()).toEqual({ code: 'NOT_FOUND', msg: 'Not found.' });
  });
});
