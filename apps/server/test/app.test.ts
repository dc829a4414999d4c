import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/harness.ts';

const t = useTestApp();

describe('the app as a whole', () => {
  it('answers health and sends security headers with a strict policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Another site's window that opens ours keeps no handle on it (kept despite its cost to the first page's speed).
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('gives unknown API paths the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', msg: 'Not found.' });
  });

  it.each([
    ['a body of the wrong media type with 415', 'application/xml', '<login/>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['malformed JSON with 400, not 500', 'application/json', '{"email":', 400, 'BAD_REQUEST'],
  ])('answers %s', async (_case, contentType, payload, status, code) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': contentType }, payload });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code });
  });

  it('publishes an OpenAPI document generated from the route schemas and a docs page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/auth/me']));
    expect(spec.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
