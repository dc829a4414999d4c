import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { createTestApp } from '../../../test/support/test-app.ts';
import { buildPost, buildUser, multipartBody } from '../../../test/support/factories.ts';

const t = useTestApp();

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 40, b: 200 } } })
    .png()
    .toBuffer();

async function create(
  user: { auth: Record<string, string> },
  fields: Record<string, string>,
  files: Array<{ filename: string; data: Buffer; field?: string }> = [],
) {
  const body = multipartBody(
    fields,
    files.map((f) => ({ field: 'images', ...f })),
  );
  return t.app.inject({ method: 'POST', url: '/api/posts/create', headers: { ...user.auth, ...body.headers }, payload: body.payload });
}

describe('creating posts', () => {
  it('creates a text post with the spec fields and shows it first in the feed', async () => {
    const author = await buildUser(t);
    const res = await create(author, { post: '  Hello #Tribe and @someone  ' });
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expect(post).toMatchObject({
      _id: post.post_id,
      post: 'Hello #Tribe and @someone',
      images: [],
      hashtags: ['tribe'],
      likes_count: 0,
      comments_count: 0,
      shares_count: 0,
      liked_by_me: false,
      shared_by_me: false,
      is_mine: true,
      shared_post: null,
      edited_at: null,
      author: { id: author.id },
    });
    expect(new Date(post.date_post_created).getTime()).not.toBeNaN();

    const other = await buildUser(t);
    const feed = await t.app.inject({ method: 'GET', url: '/api/posts/get-post?page=1&limit=10', headers: other.auth });
    expect(feed.statusCode).toBe(200);
    expect(feed.json()[0]).toMatchObject({ post_id: post.post_id, is_mine: false });
  });

  it('stores pictures re-encoded, upright and without metadata, with thumbnails served with long cache headers', async () => {
    const author = await buildUser(t);
    // 300x100 landscape pixels with EXIF orientation 6 (rotate 90°) and a GPS position: it is really portrait.
    const photo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#3366ff' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const original = await sharp(photo).metadata();
    expect(original.exif).toBeDefined();
    expect(original.orientation).toBe(6);

    const res = await create(author, {}, [
      { filename: 'photo.jpg', data: photo },
      { filename: 'b.png', data: await png() },
    ]);
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expect(post.post).toBe('');
    expect(post.images).toHaveLength(2);
    expect(post.thumbnails).toHaveLength(2);

    const full = await t.app.inject({ method: 'GET', url: post.images[0] });
    expect(full.statusCode).toBe(200);
    expect(full.headers['cache-control']).toMatch(/immutable/);
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([100, 300]);

    const thumb = await sharp((await t.app.inject({ method: 'GET', url: post.thumbnails[0] })).rawPayload).metadata();
    expect(thumb.exif).toBeUndefined();
  });

  it('scales large pictures down to 2048 px and thumbnails to 480 px', async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, author, '', [{ filename: 'wide.png', data: await png(3000, 1000) }]);
    const full = await sharp((await t.app.inject({ method: 'GET', url: post.images[0]! })).rawPayload).metadata();
    const thumb = await sharp((await t.app.inject({ method: 'GET', url: post.thumbnails[0]! })).rawPayload).metadata();
    expect(full.width).toBe(2048);
    expect(thumb.width).toBe(480);
  });

  it("refuses an empty post with the spec's message", async () => {
    const author = await buildUser(t);
    for (const fields of [{}, { post: '   ' }] as Record<string, string>[]) {
      const res = await create(author, fields);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'EMPTY_POST', msg: 'Type something or attach an image.' });
    }
  });

  it('refuses a file that is not an image whatever its name says (415), and stores nothing', async () => {
    const author = await buildUser(t);
    const res = await create(author, { post: 'look' }, [
      { filename: 'ok.png', data: await png() },
      { filename: 'cat.png', data: Buffer.from('this is plain text, not a picture') },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const svg = await create(author, {}, [
      { filename: 'x.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>') },
    ]);
    expect(svg.statusCode).toBe(415);
    const mine = await t.app.inject({ method: 'GET', url: '/api/posts/user/me', headers: author.auth });
    expect(mine.json()).toEqual({ posts: [], next_cursor: null });
  });

  it('refuses more than 10 images and files over 10 MB (413)', async () => {
    const author = await buildUser(t);
    const small = await png(8, 8);
    const many = await create(
      author,
      { post: 'many' },
      Array.from({ length: 11 }, (_, i) => ({ filename: `${i}.png`, data: small })),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', msg: 'You can attach at most 10 images.' });

    const ten = await create(
      author,
      { post: 'ten' },
      Array.from({ length: 10 }, (_, i) => ({ filename: `${i}.png`, data: small })),
    );
    expect(ten.statusCode).toBe(201);

    const big = await create(author, { post: 'big' }, [{ filename: 'big.png', data: Buffer.alloc(10 * 1024 * 1024 + 1, 1) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses JSON instead of multipart, files under another field, over-long text, and callers without a token', async () => {
    const author = await buildUser(t);
    const json = await t.app.inject({ method: 'POST', url: '/api/posts/create', headers: author.auth, payload: { post: 'hi' } });
    expect(json.statusCode).toBe(415);
    const wrongField = await create(author, { post: 'x' }, [{ filename: 'a.png', data: await png(), field: 'file' }]);
    expect(wrongField.statusCode).toBe(400);
    const long = await create(author, { post: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('post');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/posts/get-post' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('reading the feed', () => {
  it('pages newest first, 10 by default, and filters by hashtag and author', async () => {
    const t2 = await createTestApp();
    try {
      const a = await buildUser(t2);
      for (let i = 1; i <= 12; i++) await buildPost(t2, a, `post ${i}${i % 4 === 0 ? ' #fours' : ''}`);
      const page1 = (await t2.app.inject({ method: 'GET', url: '/api/posts/get-post', headers: a.auth })).json();
      const page2 = (await t2.app.inject({ method: 'GET', url: '/api/posts/get-post?page=2', headers: a.auth })).json();
      expect(page1.map((p: { post: string }) => p.post)).toEqual(
        Array.from({ length: 10 }, (_, i) => `post ${12 - i}${(12 - i) % 4 === 0 ? ' #fours' : ''}`),
      );
      expect(page2.map((p: { post: string }) => p.post)).toEqual(['post 2', 'post 1']);
      const tagged = (await t2.app.inject({ method: 'GET', url: '/api/posts/get-post?tag=%23Fours', headers: a.auth })).json();
      expect(tagged).toHaveLength(3);
      expect(tagged.every((p: { hashtags: string[] }) => p.hashtags.includes('fours'))).toBe(true);
    } finally {
      await t2.close();
    }
  });

  it.each([['page=0'], ['page=abc'], ['limit=51'], ['limit=-1']])('refuses a bad query %s with 400', async (qs) => {
    const user = await buildUser(t);
    const res = await t.app.inject({ method: 'GET', url: `/api/posts/get-post?${qs}`, headers: user.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it("lists a member's own posts for the profile tab, with 'me' as an alias, and 404 for an unknown member", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    await buildPost(t, a, 'by a');
    await buildPost(t, b, 'by b');
    const mine = (await t.app.inject({ method: 'GET', url: '/api/posts/user/me', headers: a.auth })).json().posts;
    expect(mine.map((p: { post: string }) => p.post)).toEqual(['by a']);
    const theirs = (await t.app.inject({ method: 'GET', url: `/api/posts/user/${b.id}`, headers: a.auth })).json().posts;
    expect(theirs.map((p: { post: string }) => p.post)).toEqual(['by b']);
    expect((await t.app.inject({ method: 'GET', url: '/api/posts/user/999999', headers: a.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/posts/user/someone', headers: a.auth })).statusCode).toBe(400);
  });
});

describe("a member's figures", () => {
  it('counts posts (reposts too) and the likes they received, for anyone, and 404 for an unknown member', async () => {
    const [author, fan, other] = await Promise.all([buildUser(t), buildUser(t), buildUser(t)]);
    const stats = (who: { auth: Record<string, string> }, id: number | 'me') =>
      t.app.inject({ method: 'GET', url: `/api/posts/user/${id}/stats`, headers: who.auth });
    expect((await stats(author, 'me')).json()).toEqual({ posts: 0, likes: 0 });

    const first = await buildPost(t, author, 'one');
    const second = await buildPost(t, author, 'two');
    await buildPost(t, other, 'not theirs');
    for (const [who, post] of [
      [fan, first],
      [other, first],
      [fan, second],
      [author, second],
    ] as const) {
      await t.app.inject({ method: 'POST', url: `/api/posts/${post.post_id}/like`, headers: who.auth });
    }
    await t.app.inject({ method: 'DELETE', url: `/api/posts/${first.post_id}/like`, headers: other.auth });
    const otherPost = await buildPost(t, other, 'liked and shared');
    await t.app.inject({ method: 'POST', url: `/api/posts/${otherPost.post_id}/like`, headers: author.auth });
    const share = await t.app.inject({ method: 'POST', url: `/api/posts/${otherPost.post_id}/share`, headers: author.auth, payload: {} });
    expect(share.statusCode).toBeLessThan(300);

    expect((await stats(author, 'me')).json()).toEqual({ posts: 3, likes: 3 });
    expect((await stats(fan, author.id)).json()).toEqual({ posts: 3, likes: 3 });
    expect((await stats(fan, 'me')).json()).toEqual({ posts: 0, likes: 0 });
    expect((await stats(fan, 999_999)).statusCode).toBe(404);
    expect((await stats(fan, 'x' as never)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/posts/user/me/stats` })).statusCode).toBe(401);
  });
});

describe('editing and deleting posts', () => {
  it('lets the author edit (marking it edited) and delete; others get 403; unknown ids 404; bad ids 400', async () => {
    const author = await buildUser(t);
    const other = await buildUser(t);
    const post = await buildPost(t, author, 'first draft', [{ filename: 'a.png', data: await png() }]);

    const forbidden = await t.app.inject({
      method: 'PATCH',
      url: `/api/posts/${post.post_id}`,
      headers: other.auth,
      payload: { post: 'hijack' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/posts/${post.post_id}`, headers: other.auth })).statusCode).toBe(403);

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/posts/${post.post_id}`,
      headers: author.auth,
      payload: { post: 'final #words' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ post: 'final #words', hashtags: ['words'], edited_at: expect.any(String) });

    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/posts/999999', headers: author.auth, payload: { post: 'x' } })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/posts/${post.post_id}`, headers: author.auth, payload: { post: 42 } })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/posts/abc', headers: author.auth, payload: { post: 'x' } })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ method: 'DELETE', url: '/api/posts/999999', headers: author.auth })).statusCode).toBe(404);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/posts/${post.post_id}`, headers: author.auth });
    expect(removed.statusCode).toBe(200);
    const feed = (await t.app.inject({ method: 'GET', url: '/api/posts/user/me', headers: author.auth })).json();
    expect(feed.posts).toEqual([]);
    // Its pictures are gone from storage too.
    expect((await t.app.inject({ method: 'GET', url: post.images[0]! })).statusCode).toBe(404);
  });

  it('refuses to empty a post that has no pictures', async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, author, 'words only');
    const res = await t.app.inject({ method: 'PATCH', url: `/api/posts/${post.post_id}`, headers: author.auth, payload: { post: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Type something or attach an image.');
  });
});
