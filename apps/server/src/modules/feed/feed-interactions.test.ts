import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { buildPost, buildUser } from '../../../test/support/factories.ts';

const t = useTestApp();

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user: { auth: Record<string, string> }, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

async function feedEntry(user: { auth: Record<string, string> }, postId: number) {
  const feed = (await call('GET', '/api/posts/get-post?limit=50', user)).json() as Array<Record<string, unknown>>;
  return feed.find((p) => p.post_id === postId);
}

describe('likes', () => {
  it('likes and unlikes idempotently; the count and the viewer flag show in the feed', async () => {
    const author = await buildUser(t);
    const fan = await buildUser(t);
    const post = await buildPost(t, author, 'like me');

    expect((await call('POST', `/api/posts/${post.post_id}/like`, fan)).json()).toEqual({ likes_count: 1, liked_by_me: true });
    expect((await call('POST', `/api/posts/${post.post_id}/like`, fan)).json()).toEqual({ likes_count: 1, liked_by_me: true });
    expect((await call('POST', `/api/posts/${post.post_id}/like`, author)).json()).toEqual({ likes_count: 2, liked_by_me: true });

    expect(await feedEntry(fan, post.post_id)).toMatchObject({ likes_count: 2, liked_by_me: true });
    expect((await call('DELETE', `/api/posts/${post.post_id}/like`, fan)).json()).toEqual({ likes_count: 1, liked_by_me: false });
    expect((await call('DELETE', `/api/posts/${post.post_id}/like`, fan)).json()).toEqual({ likes_count: 1, liked_by_me: false });
    expect(await feedEntry(fan, post.post_id)).toMatchObject({ likes_count: 1, liked_by_me: false });
    expect(await feedEntry(author, post.post_id)).toMatchObject({ likes_count: 1, liked_by_me: true });
  });

  it('answers 404 for an unknown post and 400 for a malformed id', async () => {
    const user = await buildUser(t);
    expect((await call('POST', '/api/posts/999999/like', user)).statusCode).toBe(404);
    expect((await call('POST', '/api/posts/0/like', user)).statusCode).toBe(400);
    expect((await call('POST', '/api/posts/1.5/like', user)).statusCode).toBe(400);
  });
});

describe('comments', () => {
  it('adds trimmed comments oldest first, counts them, and lets the commenter or the post author delete', async () => {
    const author = await buildUser(t);
    const a = await buildUser(t);
    const b = await buildUser(t);
    const post = await buildPost(t, author, 'talk to me');

    const first = await call('POST', `/api/posts/${post.post_id}/comments`, a, { text: '  first!  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ comment: { text: 'first!', post_id: post.post_id, author: { id: a.id } }, comments_count: 1 });
    const second = (await call('POST', `/api/posts/${post.post_id}/comments`, b, { text: 'second' })).json();
    const third = (await call('POST', `/api/posts/${post.post_id}/comments`, b, { text: 'third' })).json();

    const list = (await call('GET', `/api/posts/${post.post_id}/comments`, author)).json().comments;
    expect(list.map((c: { text: string }) => c.text)).toEqual(['first!', 'second', 'third']);
    expect(await feedEntry(author, post.post_id)).toMatchObject({ comments_count: 3 });

    // a cannot delete b's comment under someone else's post.
    const notYours = await call('DELETE', `/api/posts/${post.post_id}/comments/${second.comment.id}`, a);
    expect(notYours.statusCode).toBe(403);
    // b deletes their own; the post's author removes another from their thread.
    expect((await call('DELETE', `/api/posts/${post.post_id}/comments/${second.comment.id}`, b)).json()).toEqual({ comments_count: 2 });
    expect((await call('DELETE', `/api/posts/${post.post_id}/comments/${third.comment.id}`, author)).json()).toEqual({ comments_count: 1 });
    expect((await call('DELETE', `/api/posts/${post.post_id}/comments/${third.comment.id}`, author)).statusCode).toBe(404);
  });

  it.each([[{ text: '   ' }], [{ text: 'x'.repeat(1001) }], [{ text: 5 }], [{}]])('refuses a bad comment %j', async (payload) => {
    const user = await buildUser(t);
    const post = await buildPost(t, user, 'p');
    const res = await call('POST', `/api/posts/${post.post_id}/comments`, user, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers 404 for comments of an unknown post, and for a comment id from another post', async () => {
    const user = await buildUser(t);
    expect((await call('GET', '/api/posts/999999/comments', user)).statusCode).toBe(404);
    expect((await call('POST', '/api/posts/999999/comments', user, { text: 'hi' })).statusCode).toBe(404);
    const p1 = await buildPost(t, user, 'one');
    const p2 = await buildPost(t, user, 'two');
    const c = (await call('POST', `/api/posts/${p1.post_id}/comments`, user, { text: 'on one' })).json();
    expect((await call('DELETE', `/api/posts/${p2.post_id}/comments/${c.comment.id}`, user)).statusCode).toBe(404);
  });
});

describe('shares', () => {
  it('reposts once (409 the second time), counts shares, embeds the original, and can be undone', async () => {
    const author = await buildUser(t);
    const sharer = await buildUser(t);
    const post = await buildPost(t, author, 'worth sharing');

    const res = await call('POST', `/api/posts/${post.post_id}/share`, sharer, { text: 'look at this' });
    expect(res.statusCode).toBe(201);
    const repost = res.json();
    expect(repost).toMatchObject({
      post: 'look at this',
      is_mine: true,
      author: { id: sharer.id },
      shared_post: { post_id: post.post_id, post: 'worth sharing', shares_count: 1 },
    });

    const again = await call('POST', `/api/posts/${post.post_id}/share`, sharer);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_SHARED');
    // Sharing the repost shares the same original: still a conflict.
    expect((await call('POST', `/api/posts/${repost.post_id}/share`, sharer)).statusCode).toBe(409);

    expect(await feedEntry(sharer, post.post_id)).toMatchObject({ shares_count: 1, shared_by_me: true });
    expect(await feedEntry(author, post.post_id)).toMatchObject({ shares_count: 1, shared_by_me: false });
    const feed = (await call('GET', '/api/posts/get-post', author)).json();
    expect(feed[0].post_id).toBe(repost.post_id);

    expect((await call('DELETE', `/api/posts/${post.post_id}/share`, sharer)).json()).toEqual({ shares_count: 0, shared_by_me: false });
    expect(await feedEntry(sharer, repost.post_id)).toBeUndefined();
    expect((await call('DELETE', `/api/posts/${post.post_id}/share`, sharer)).statusCode).toBe(404);
  });

  it('removes reposts with their original, and refuses bad input', async () => {
    const author = await buildUser(t);
    const sharer = await buildUser(t);
    const post = await buildPost(t, author, 'soon gone');
    const repost = (await call('POST', `/api/posts/${post.post_id}/share`, sharer)).json();
    await call('DELETE', `/api/posts/${post.post_id}`, author);
    expect(await feedEntry(sharer, repost.post_id)).toBeUndefined();

    expect((await call('POST', '/api/posts/999999/share', sharer)).statusCode).toBe(404);
    const other = await buildPost(t, author, 'another');
    expect((await call('POST', `/api/posts/${other.post_id}/share`, sharer, { text: 7 })).statusCode).toBe(400);
  });
});
