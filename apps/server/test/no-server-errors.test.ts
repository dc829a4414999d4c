import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { buildMember, randomClientAddress } from './support/factories.ts';

/**
 * A sweep over every documented route with bad input: wrong path ids, bodies of the wrong shape and type, and
 * query strings of nonsense. Whatever a client sends, the answer is a 4xx with the error shape, never a 5xx.
 */
let t: TestApp;
let auth: Record<string, string>;
let routes: Array<{ method: string; url: string }>;

// 2147483648 is one past a database id (a safe integer to JavaScript); 9007199254740993 is past what a number holds.
const BAD_IDS = ['0', '-1', 'abc', '1.5', '2147483648', '9007199254740993', '99999999999999999999', '%00'];
const BAD_BODIES: unknown[] = [{}, [], { text: 42, email: {}, password: [], peer_id: 'x', interests: 'all', post: null }, 'null'];
const BAD_QUERIES = ['', '?page=-3&limit=100000', '?page=abc&peer_id=%00&before=zz', '?limit=1e309'];
// Sign-out ends the session the sweep uses; the social sign-in routes are browser redirects, tested on their own.
const SKIP = [/\/auth\/logout$/, /\/auth\/(google|apple)/, /^\/api\/dev\//, /^\/api\/docs/];

beforeAll(async () => {
  // Limits scaled up: the sweep sends ~1,400 requests, and a 429 would hide how the route treats the input.
  t = await createTestApp({ RATE_LIMIT_FACTOR: '1000' });
  auth = (await buildMember(t)).auth;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths)
    .flatMap(([url, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url })))
    .filter((r) => !SKIP.some((re) => re.test(r.url)));
});
afterAll(async () => t?.close());

describe('no bad input gets a 5xx', () => {
  it('covers the documented API', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it('answers every route, bad id, body and query with a 4xx and the error shape', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const ids = route.url.includes('{') ? BAD_IDS : [''];
      for (const id of ids) {
        const path = route.url.replace(/\{[^}]+\}/g, id);
        for (const query of BAD_QUERIES) {
          const bodies = route.method === 'GET' || route.method === 'DELETE' ? [undefined] : BAD_BODIES;
          for (const body of bodies) {
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: path + query,
              headers: body === 'null' ? { ...auth, 'content-type': 'application/json' } : auth,
              payload: body === undefined ? undefined : body === 'null' ? 'null' : (body as object),
              remoteAddress: randomClientAddress(),
            });
            const shaped = res.statusCode < 400 || (typeof res.json().code === 'string' && typeof res.json().msg === 'string');
            if (res.statusCode >= 500 || !shaped)
              failures.push(`${route.method} ${path}${query} ${JSON.stringify(body)} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
