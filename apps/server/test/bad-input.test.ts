import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { buildPost, buildUser, multipartBody } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** Odd input a client can send anywhere: always a 4xx `{code, msg}`, never a 5xx. */
let t: TestApp;
let alice: Awaited<ReturnType<typeof buildUser>>;
let bob: Awaited<ReturnType<typeof buildUser>>;
let postId: number;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = [await buildUser(t), await buildUser(t)];
  postId = (await buildPost(t, alice))._id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One past the database's integer ids (a safe JavaScript integer, so only the id schema's bound stops it), one beyond
 * what a JavaScript number holds exactly, and a third well past the first.
 */
const HUGE_IDS = ['2147483648', '9007199254740993', '3000000000'];

describe('ids past the range of a database id', () => {
  const routes = (huge: string): Array<[Method, string, object?]> => [
    ['POST', `/api/posts/${huge}/like`],
    ['GET', `/api/posts/${huge}/comments`],
    ['PATCH', `/api/posts/${huge}`, { post: 'edited' }],
    ['DELETE', `/api/posts/1/comments/${huge}`],
    ['GET', `/api/posts/user/${huge}`],
    ['GET', `/api/chat/messages?peer_id=${huge}`],
    ['GET', `/api/chat/peers/${huge}`],
    ['POST', '/api/chat/send', { peer_id: huge, text: 'hi' }],
    ['POST', '/api/chat/read', { peer_id: 1, up_to_id: huge }],
    ['PUT', `/api/chat/messages/${huge}/reactions/1f44d`],
    ['POST', `/api/chat/blocks/${huge}`],
    ['POST', `/api/notifications/${huge}/read`],
    ['DELETE', `/api/auth/sessions/${huge}`],
    ['POST', `/api/users/${huge}/follow`],
    ['GET', `/api/users/${huge}/followers`],
    ['GET', `/api/users/${huge}/communities`],
    ['GET', `/api/communities/${huge}`],
    ['POST', `/api/communities/${huge}/join`],
    ['POST', '/api/communities/1/invitations', { user_id: huge }],
    ['GET', `/api/communities/1/messages?before=${huge}`],
  ];
  it.each(HUGE_IDS.flatMap(routes))('%s %s is a 400', async (method, url, payload) => {
    const res = await t.app.inject({ method, url, headers: alice.auth, payload });
    expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', msg: expect.any(String) });
  });

  it.each(HUGE_IDS)('%s is refused in socket payloads', async (huge) => {
    const { port } = t.app.server.address() as AddressInfo;
    const socket = io(`http://127.0.0.1:${port}/ws/chat`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: alice.token },
      forceNew: true,
    });
    const ack = (event: string, payload: object) => new Promise<any>((resolve) => socket.emit(event as 'ping', payload as never, resolve));
    try {
      for (const [event, payload] of [
        ['message:send', { peer_id: Number(huge), text: 'hi' }],
        ['message:read', { peer_id: bob.id, up_to_id: Number(huge) }],
        ['presence:watch', { peer_id: Number(huge) }],
        ['community:send', { community_id: Number(huge), text: 'hi' }],
        ['community:read', { community_id: Number(huge), up_to_id: 1 }],
      ] as const) {
        expect({ event, ack: await ack(event, payload) }).toMatchObject({ event, ack: { ok: false, code: 'VALIDATION_FAILED' } });
      }
    } finally {
      socket.close();
    }
  });

  it('still finds a post by an ordinary id', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/posts/${postId}/like`, headers: bob.auth });
    expect(res.statusCode).toBe(200);
  });
});

describe('text holding U+0000, which the database cannot store', () => {
  const nul = 'hello\u0000world';
  it.each<[Method, string, () => object]>([
    ['POST', '/api/posts/:post/comments', () => ({ text: nul })],
    ['PATCH', '/api/posts/:post', () => ({ post: nul })],
    ['POST', '/api/chat/send', () => ({ peer_id: bob.id, text: nul })],
    ['GET', `/api/chat/users?search=${encodeURIComponent(nul)}`, () => ({})],
    ['GET', `/api/posts/get-post?tag=${encodeURIComponent(nul)}`, () => ({})],
    ['PATCH', '/api/auth/edit-profile', () => ({ fullName: nul, username: 'nul_tester', email: alice.email })],
    [
      'PATCH',
      '/api/auth/edit-profile',
      () => ({ fullName: 'Alice', username: 'nul_tester', email: alice.email, portfolio: `https://example.test/${nul}` }),
    ],
    [
      'PATCH',
      '/api/auth/complete-profile',
      () => ({ full_name: 'Alice', username: 'nul_tester', gender: 'female', country: 'NG', phone_number: '8031234567', bio: nul }),
    ],
  ])('%s %s is a 400', async (method, path, payload) => {
    const url = path.replace(':post', String(postId));
    const res = await t.app.inject({ method, url, headers: alice.auth, payload: method === 'GET' ? undefined : payload() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', msg: expect.stringContaining('U+0000') });
  });

  it('is a 400 in the fields of a multipart post', async () => {
    const body = multipartBody({ post: nul });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts/create',
      headers: { ...alice.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'post' });
  });

  it('keeps every other character, emoji and scripts included', async () => {
    const text = 'Привет 👋🏽 مرحبا 𝒳';
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/send', headers: alice.auth, payload: { peer_id: bob.id, text } });
    expect(res.statusCode).toBe(201);
    expect(res.json().message.text).toBe(text);
  });
});
