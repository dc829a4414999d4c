import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { buildMember, buildPost } from '../../../test/support/factories.ts';

const t = useTestApp();

type Member = Awaited<ReturnType<typeof buildMember>>;
const call = (m: Member, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: m.auth, payload });
const entry = async (m: Member, postId: number) => {
  const res = await call(m, 'GET', '/api/posts/feed?limit=50');
  return (res.json().posts as Array<Record<string, any>>).find((p) => p.post_id === postId)!;
};

describe('like and comment on a repost', () => {
  it('act on the original: its counts, its thread, its author told, and the viewer flags on the embedded original', async () => {
    const author = await buildMember(t);
    const sharer = await buildMember(t);
    const fan = await buildMember(t);
    const original = await buildPost(t, author, 'the original');
    const repost = (await call(sharer, 'POST', `/api/posts/${original.post_id}/share`, { text: 'look' })).json();

    expect((await call(fan, 'POST', `/api/posts/${repost.post_id}/like`)).json()).toEqual({ likes_count: 1, liked_by_me: true });
    const commented = await call(fan, 'POST', `/api/posts/${repost.post_id}/comments`, { text: 'on the repost card' });
    expect(commented.json()).toMatchObject({ comment: { post_id: original.post_id }, comments_count: 1 });

    expect(await entry(fan, original.post_id)).toMatchObject({
      likes_count: 1,
      comments_count: 1,
      shares_count: 1,
      liked_by_me: true,
      shared_by_me: false,
    });
    const seenByFan = await entry(fan, repost.post_id);
    expect(seenByFan).toMatchObject({ likes_count: 0, comments_count: 0 });
    expect(seenByFan.shared_post).toMatchObject({
      post_id: original.post_id,
      likes_count: 1,
      comments_count: 1,
      shares_count: 1,
      liked_by_me: true,
      shared_by_me: false,
    });
    // The sharer sees that they share the original, on their own repost card and on the original.
    expect((await entry(sharer, repost.post_id)).shared_post).toMatchObject({ shared_by_me: true, liked_by_me: false });

    // One thread, whichever card it is read from.
    const viaRepost = (await call(author, 'GET', `/api/posts/${repost.post_id}/comments`)).json();
    expect(viaRepost.comments.map((c: { text: string }) => c.text)).toEqual(['on the repost card']);
    // The original's author hears of the like and the comment; the sharer hears of nothing.
    const told = (await call(author, 'GET', '/api/notifications')).json().notifications as Array<{
      kind: string;
      payload: { post_id: number };
    }>;
    expect(told.filter((n) => n.kind !== 'share').map((n) => [n.kind, n.payload.post_id])).toEqual([
      ['comment', original.post_id],
      ['like', original.post_id],
    ]);
    expect((await call(sharer, 'GET', '/api/notifications')).json().notifications).toEqual([]);
    // A comment deleted through the repost card leaves the original's thread.
    const removed = await call(fan, 'DELETE', `/api/posts/${repost.post_id}/comments/${commented.json().comment.id}`);
    expect(removed.json()).toEqual({ comments_count: 0 });
    expect((await call(fan, 'DELETE', `/api/posts/${repost.post_id}/like`)).json()).toEqual({ likes_count: 0, liked_by_me: false });
  });

  it("deleting one's repost answers the original's share count, and the original is no longer shared by the caller", async () => {
    const author = await buildMember(t);
    const sharer = await buildMember(t);
    const original = await buildPost(t, author, 'share me');
    const repost = (await call(sharer, 'POST', `/api/posts/${original.post_id}/share`, {})).json();
    const res = await call(sharer, 'DELETE', `/api/posts/${repost.post_id}`);
    expect(res.json()).toEqual({ post_id: repost.post_id, original: { post_id: original.post_id, shares_count: 0 } });
    expect(await entry(sharer, original.post_id)).toMatchObject({ shares_count: 0, shared_by_me: false });
    expect((await call(author, 'DELETE', `/api/posts/${original.post_id}`)).json()).toEqual({ post_id: original.post_id, original: null });
  });
});
