import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@tribeverse/shared';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { buildPost, buildUser } from '../../../test/support/factories.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let base: string;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await t?.close();
});

async function connect(token: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(`${base}/ws/chat`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The next event of this name whose payload passes the test. */
function next<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => {
    const handler = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!match(payload)) return;
      socket.off(event, handler as never);
      resolve(payload);
    };
    socket.on(event, handler as never);
  });
}

describe('feed events', () => {
  it('tells another signed-in member about a new post, likes, comments, shares, edits and deletes', async () => {
    const author = await buildUser(t);
    const reader = await buildUser(t);
    const readerSocket = await connect(reader.token);
    const authorSocket = await connect(author.token);

    const arrived = next(readerSocket, 'post:new', (p) => p.post === 'live #now');
    const post = await buildPost(t, author, 'live #now');
    const received = await arrived;
    expect(received).toMatchObject({ post_id: post.post_id, author: { id: author.id }, hashtags: ['now'], likes_count: 0 });
    // Viewer-neutral: no per-viewer flags in a broadcast.
    expect(received).not.toHaveProperty('is_mine');
    expect(received).not.toHaveProperty('liked_by_me');

    const liked = next(authorSocket, 'post:liked', (e) => e.post_id === post.post_id);
    await t.app.inject({ method: 'POST', url: `/api/posts/${post.post_id}/like`, headers: reader.auth });
    expect(await liked).toEqual({ post_id: post.post_id, likes_count: 1 });

    const commented = next(authorSocket, 'comment:new', (e) => e.post_id === post.post_id);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.post_id}/comments`,
      headers: reader.auth,
      payload: { text: 'nice' },
    });
    expect(await commented).toMatchObject({
      post_id: post.post_id,
      comments_count: 1,
      comment: { text: 'nice', author: { id: reader.id } },
    });

    const uncommented = next(readerSocket, 'comment:deleted', (e) => e.post_id === post.post_id);
    await t.app.inject({ method: 'DELETE', url: `/api/posts/${post.post_id}/comments/${created.json().comment.id}`, headers: author.auth });
    expect(await uncommented).toEqual({ post_id: post.post_id, comment_id: created.json().comment.id, comments_count: 0 });

    const shared = next(authorSocket, 'post:shared', (e) => e.post_id === post.post_id);
    const repostArrives = next(authorSocket, 'post:new', (p) => p.shared_post?.post_id === post.post_id);
    await t.app.inject({ method: 'POST', url: `/api/posts/${post.post_id}/share`, headers: reader.auth, payload: {} });
    expect(await shared).toEqual({ post_id: post.post_id, shares_count: 1 });
    expect(await repostArrives).toMatchObject({ author: { id: reader.id } });

    const updated = next(readerSocket, 'post:updated', (p) => p.post_id === post.post_id);
    await t.app.inject({ method: 'PATCH', url: `/api/posts/${post.post_id}`, headers: author.auth, payload: { post: 'edited' } });
    expect(await updated).toMatchObject({ post: 'edited', edited_at: expect.any(String), likes_count: 1 });

    const deleted = next(readerSocket, 'post:deleted', (e) => e.post_id === post.post_id);
    await t.app.inject({ method: 'DELETE', url: `/api/posts/${post.post_id}`, headers: author.auth });
    expect(await deleted).toEqual({ post_id: post.post_id });
  });
});
