import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { buildUser, multipartBody } from './support/factories.ts';

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  auth = (await buildUser(t)).auth;
});
afterAll(async () => t?.close());

// Every upload route shares the multipart parser: a broken body is the sender's fault, never a 500.
describe.each([
  ['POST', '/api/posts/create'],
  ['POST', '/api/chat/send'],
  ['PATCH', '/api/auth/complete-profile'],
  ['PATCH', '/api/auth/edit-profile'],
] as const)('%s %s with a broken multipart body', (method, url) => {
  it('answers 4xx when the boundary is missing', async () => {
    const res = await t.app.inject({ method, url, headers: { ...auth, 'content-type': 'multipart/form-data' }, payload: 'x' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
  });

  it('answers 4xx when the body is cut short', async () => {
    const body =
      '--b\r\nContent-Disposition: form-data; name="post"\r\n\r\nhello\r\n--b\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    const res = await t.app.inject({ method, url, headers: { ...auth, 'content-type': 'multipart/form-data; boundary=b' }, payload: body });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

// A picture sent under a name the route does not read would otherwise vanish while the answer says all is well.
describe.each([
  ['POST', '/api/posts/create', { post: 'Hello' }],
  ['POST', '/api/chat/send', { peer_id: '1', text: 'Hello' }],
  [
    'PATCH',
    '/api/auth/complete-profile',
    { full_name: 'Ada', username: 'ada_multipart', gender: 'female', country: 'GB', phone_number: '7911123456' },
  ],
  ['PATCH', '/api/auth/edit-profile', { fullName: 'Ada', username: 'ada_multipart', email: 'ada.multipart@example.test' }],
] as const)('%s %s with a file under another field name', (method, url, fields) => {
  it('answers 400 naming that field and stores nothing', async () => {
    const body = multipartBody({ ...fields }, [{ field: 'photo', filename: 'a.png', data: Buffer.from('not really a picture') }]);
    const res = await t.app.inject({ method, url, headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'photo' });
  });
});
