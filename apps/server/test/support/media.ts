import type { TestApp } from './test-app.ts';

/**
 * What the web app does once it has a session: POST /api/media/access. Returns the `Cookie` header its browser then
 * sends with every fetch of a chat or community chat file (private media answer 404 without it).
 */
export async function mediaCookie(t: Pick<TestApp, 'app'>, auth: { authorization: string }): Promise<{ cookie: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/media/access', headers: auth });
  if (res.statusCode !== 204) throw new Error(`media access failed: ${res.statusCode} ${res.body}`);
  return { cookie: String(res.headers['set-cookie']).split(';')[0]! };
}
