import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tribeverse-web-'));
const page = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(60)}</body></html>`;
const bundle = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const worker = `self.addEventListener('fetch', () => {}); // ${'worker '.repeat(100)}`;
let t: TestApp;

/** A build as vite-precompress.ts leaves it: each text file with its .br and .gz beside it. */
function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), text);
  fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(text));
  fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(text));
}

beforeAll(async () => {
  write('index.html', page);
  write('assets/index-abc123.js', bundle);
  write('manifest.webmanifest', JSON.stringify({ name: 'Tribeverse', padding: 'x'.repeat(600) }));
  // The service worker, as vite-plugin-pwa builds it (apps/web/src/sw.ts): at the root, so its scope is the whole app.
  write('sw.js', worker);
  // As apps/web/vite-route-preload.ts lists it: the code of a first page beyond the entry.
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite/route-preloads.json'),
    JSON.stringify({ '/auth/login': ['/assets/login-page-def456.js', '/assets/forms-789abc.js'] }),
  );
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

describe('the built web app', () => {
  it('sends the brotli or gzip copy made at build, and caches hashed bundles for a year', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(bundle);

    const plain = await get('/assets/index-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(bundle);
  });

  it('answers every client route with the page, compressed and always revalidated; a missing bundle is a 404', async () => {
    for (const url of ['/', '/home', '/auth/login']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(page);
    }
    expect((await get('/assets/gone-123.js', 'br')).statusCode).toBe(404);
  });

  it('answers HEAD on a client route as GET, headers only', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/auth/login', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.payload).toBe('');
    expect((await t.app.inject({ method: 'HEAD', url: '/assets/gone-123.js' })).statusCode).toBe(404);
  });

  it('has files that keep their name across builds revalidated, and does not serve the build notes', async () => {
    for (const url of ['/index.html', '/manifest.webmanifest']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const notes = await get('/.vite/route-preloads.json', 'identity');
    expect(notes.headers['content-type']).toMatch(/^text\/html/);
    expect(notes.payload).toBe(page);
  });

  it('names the code of a first page with the page, so the browser fetches it alongside the entry', async () => {
    for (const url of ['/auth/login', '/auth/login/', '/auth/login?next=%2Fhome']) {
      expect((await get(url, 'br')).headers.link).toBe(
        '</assets/login-page-def456.js>; rel=modulepreload; crossorigin, </assets/forms-789abc.js>; rel=modulepreload; crossorigin',
      );
    }
    expect((await get('/home', 'br')).headers.link).toBeUndefined();
    expect((await get('/assets/index-abc123.js', 'br')).headers.link).toBeUndefined();
  });

  it('sends the service worker revalidated on every check, as JavaScript, with a policy that lets it run', async () => {
    const response = await get('/sw.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    // A worker cached for a year would keep every member on the old app, and its precache list with it.
    expect(response.headers['cache-control']).toBe('no-cache');
    // Browsers refuse to register a worker that is not served as JavaScript.
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(worker);
    // The page's policy names where workers may come from: this origin, nowhere else (no blob: or data: workers).
    const page = await get('/home', 'br');
    const policy = new Map(
      String(page.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values] as const),
    );
    expect(policy.get('worker-src')).toEqual(["'self'"]);
  });
});
