import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { buildUser, multipartBody } from '../../../test/support/factories.ts';

const t = useTestApp();

type Member = { auth: Record<string, string> };
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();

/** Submits 'create post' as the web app's form does, optionally with a client id and one picture. */
async function submit(user: Member, fields: Record<string, string>, withImage = false) {
  const files = withImage ? [{ field: 'images', filename: 'p.png', contentType: 'image/png', data: await png() }] : [];
  const body = multipartBody(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/posts/create', headers: { ...user.auth, ...body.headers }, payload: body.payload });
}

const myPosts = async (user: Member) =>
  (await t.app.inject({ method: 'GET', url: '/api/posts/user/me?limit=50', headers: user.auth })).json().posts as Array<{
    post_id: number;
    post: string;
  }>;
const mediaFiles = async () => (await fs.readdir(t.app.ctx.media.root).catch(() => [])).length;

describe('a retried create-post submit', () => {
  it('returns the same post for the same client_id instead of making a second one, images included', async () => {
    const author = await buildUser(t);
    const client_id = crypto.randomUUID();
    const first = await submit(author, { post: 'only once', client_id }, true);
    expect(first.statusCode).toBe(201);
    const filesAfterFirst = await mediaFiles();
    const retry = await submit(author, { post: 'only once', client_id }, true);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect((await myPosts(author)).map((p) => p.post)).toEqual(['only once']);
    // The retry's picture was not stored a second time.
    expect(await mediaFiles()).toBe(filesAfterFirst);
  });

  it('makes one post when two submits with one client_id arrive together', async () => {
    const author = await buildUser(t);
    const client_id = crypto.randomUUID();
    const [a, b] = await Promise.all([
      submit(author, { post: 'double click', client_id }),
      submit(author, { post: 'double click', client_id }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().post_id).toBe(b.json().post_id);
    expect(await myPosts(author)).toHaveLength(1);
  });

  it('keeps client ids per author, and posts without one or with another are separate posts', async () => {
    const [ann, bob] = [await buildUser(t), await buildUser(t)];
    const client_id = crypto.randomUUID();
    const annPost = (await submit(ann, { post: 'mine', client_id })).json();
    const bobPost = await submit(bob, { post: 'mine too', client_id });
    expect(bobPost.statusCode).toBe(201);
    expect(bobPost.json().post_id).not.toBe(annPost.post_id);
    expect(bobPost.json().post).toBe('mine too');
    await submit(ann, { post: 'mine' });
    await submit(ann, { post: 'mine', client_id: crypto.randomUUID() });
    expect(await myPosts(ann)).toHaveLength(3);
  });

  it('refuses a client_id that is not a UUID with a 400 naming the field', async () => {
    const author = await buildUser(t);
    const res = await submit(author, { post: 'hello', client_id: 'retry-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', msg: 'client_id must be a UUID', field: 'client_id' });
    expect(await myPosts(author)).toHaveLength(0);
  });
});
