import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { buildPost, buildUser } from '../../../test/support/factories.ts';

// Each test gets its own app: the feed lists every member's posts, so counts must not see other tests' posts.
const t = useTestApp();

type Auth = { auth: Record<string, string> };
const get = async (user: Auth, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const del = (user: Auth, url: string) => t.app.inject({ method: 'DELETE', url, headers: user.auth });
const texts = (list: Array<{ post?: string; text?: string }>) => list.map((x) => x.post ?? x.text);

describe('the feed by cursor', () => {
  it('reaches every older post even when posts on the loaded page are deleted or new ones arrive between pages', async () => {
    const author = await buildUser(t);
    const tag = `paging${Date.now()}`;
    const made = [];
    for (let i = 1; i <= 13; i++) made.push(await buildPost(t, author, `p${i} #${tag}`));

    const first = await get(author, `/api/posts/feed?tag=${tag}`);
    expect(texts(first.posts)).toEqual(Array.from({ length: 10 }, (_, i) => `p${13 - i} #${tag}`));
    expect(first.next_cursor).toEqual(expect.any(String));

    // Between the two loads: the last post of the page and a newer one go, a new post arrives.
    expect((await del(author, `/api/posts/${made[3]!.post_id}`)).statusCode).toBe(200);
    expect((await del(author, `/api/posts/${made[12]!.post_id}`)).statusCode).toBe(200);
    await buildPost(t, author, `p14 #${tag}`);

    const second = await get(author, `/api/posts/feed?tag=${tag}&before=${first.next_cursor}`);
    // With numbered pages, page 2 would now start two posts later and 'p3' would never be shown.
    expect(texts(second.posts)).toEqual([`p3 #${tag}`, `p2 #${tag}`, `p1 #${tag}`]);
    expect(second.next_cursor).toBeNull();
  });

  it('says there is no further page when the last page is exactly full', async () => {
    const author = await buildUser(t);
    for (let i = 1; i <= 4; i++) await buildPost(t, author, `full ${i}`);
    const page = await get(author, `/api/posts/user/me?limit=4`);
    expect(page.posts).toHaveLength(4);
    expect(page.next_cursor).toBeNull();
    const partial = await get(author, `/api/posts/user/me?limit=3`);
    expect(texts(partial.posts)).toEqual(['full 4', 'full 3', 'full 2']);
    const rest = await get(author, `/api/posts/user/me?limit=3&before=${partial.next_cursor}`);
    expect(texts(rest.posts)).toEqual(['full 1']);
    expect(rest.next_cursor).toBeNull();
  });

  it("keeps the contract's numbered pages as a plain list", async () => {
    const author = await buildUser(t);
    const list = await get(author, '/api/posts/get-post?page=1&limit=2');
    expect(Array.isArray(list)).toBe(true);
  });

  it.each(['before=abc', 'before=1_', 'before=12_99999999999', 'before=-5_3'])('refuses a bad cursor %s with 400', async (qs) => {
    const user = await buildUser(t);
    for (const url of [`/api/posts/feed?${qs}`, `/api/posts/user/me?${qs}`, `/api/posts/1/comments?${qs.replace('before', 'after')}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: user.auth });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', msg: expect.any(String) });
    }
  });
});

describe('comments by cursor', () => {
  it('loads the rest of a thread after deletions, and ends exactly at the last comment', async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, author, 'many comments');
    const ids: number[] = [];
    for (let i = 1; i <= 22; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/posts/${post.post_id}/comments`,
        headers: author.auth,
        payload: { text: `c${i}` },
      });
      ids.push(res.json().comment.id);
    }
    const first = await get(author, `/api/posts/${post.post_id}/comments`);
    expect(first.comments).toHaveLength(20);
    expect(first.next_cursor).toEqual(expect.any(String));
    // Deleting loaded comments must not push unseen ones behind the cursor.
    await del(author, `/api/posts/${post.post_id}/comments/${ids[0]}`);
    await del(author, `/api/posts/${post.post_id}/comments/${ids[19]}`);
    const rest = await get(author, `/api/posts/${post.post_id}/comments?after=${first.next_cursor}`);
    expect(texts(rest.comments)).toEqual(['c21', 'c22']);
    expect(rest.next_cursor).toBeNull();

    const exact = await get(author, `/api/posts/${post.post_id}/comments?limit=20`);
    expect(exact.comments).toHaveLength(20);
    expect(exact.next_cursor).toBeNull();
  });
});
