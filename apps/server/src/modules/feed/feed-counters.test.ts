import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';

const t = useTestApp();

/** The counts a member sees on the card in the feed, as the web app loads it. */
async function counts(viewer: Member, author: Member, postId: number) {
  const res = await t.as(viewer).get(`/api/posts/feed?author=${author.username}&limit=50`);
  expect(res.statusCode).toBe(200);
  const card = res.json().posts.find((p: { post_id: number }) => p.post_id === postId);
  if (!card) return null;
  return { likes: card.likes_count, comments: card.comments_count, shares: card.shares_count, liked: card.liked_by_me };
}

describe('counts on a card', () => {
  it('follow likes and unlikes, counting each member once', async () => {
    const [author, ann, bob] = await t.members(3);
    const id = await t.post(author!, 'count my likes');
    await t.as(ann!).post(`/api/posts/${id}/like`);
    await t.as(ann!).post(`/api/posts/${id}/like`);
    await t.as(bob!).post(`/api/posts/${id}/like`);
    expect(await counts(ann!, author!, id)).toEqual({ likes: 2, comments: 0, shares: 0, liked: true });
    expect(await counts(author!, author!, id)).toMatchObject({ likes: 2, liked: false });

    await t.as(ann!).delete(`/api/posts/${id}/like`);
    await t.as(ann!).delete(`/api/posts/${id}/like`);
    expect(await counts(ann!, author!, id)).toEqual({ likes: 1, comments: 0, shares: 0, liked: false });
    expect(await counts(bob!, author!, id)).toMatchObject({ likes: 1, liked: true });
  });

  it('follow comments written and removed', async () => {
    const [author, ann] = await t.members(2);
    const id = await t.post(author!, 'count my comments');
    const first = (await t.as(ann!).post(`/api/posts/${id}/comments`, { text: 'one' })).json();
    await t.as(author!).post(`/api/posts/${id}/comments`, { text: 'two' });
    expect(await counts(ann!, author!, id)).toMatchObject({ comments: 2 });
    expect((await t.as(ann!).delete(`/api/posts/${id}/comments/${first.comment.id}`)).json()).toEqual({ comments_count: 1 });
    expect(await counts(ann!, author!, id)).toMatchObject({ comments: 1 });
  });

  it('follow reposts: shared, unshared, and a repost deleted as a post', async () => {
    const [author, ann, bob] = await t.members(3);
    const id = await t.post(author!, 'count my shares');
    const annsRepost = (await t.as(ann!).post(`/api/posts/${id}/share`, { text: '' })).json();
    await t.as(bob!).post(`/api/posts/${id}/share`, { text: 'look' });
    expect(await counts(author!, author!, id)).toMatchObject({ shares: 2 });

    expect((await t.as(bob!).delete(`/api/posts/${id}/share`)).json()).toEqual({ shares_count: 1, shared_by_me: false });
    expect(await counts(author!, author!, id)).toMatchObject({ shares: 1 });
    expect((await t.as(ann!).delete(`/api/posts/${annsRepost.post_id}`)).json()).toEqual({
      post_id: annsRepost.post_id,
      original: { post_id: id, shares_count: 0 },
    });
    expect(await counts(author!, author!, id)).toMatchObject({ shares: 0 });
  });

  it('of other posts stay right when a post with likes, comments and reposts is deleted', async () => {
    const [author, ann] = await t.members(2);
    const doomed = await t.post(author!, 'going away');
    const kept = await t.post(author!, 'staying');
    for (const target of [doomed, kept]) {
      await t.as(ann!).post(`/api/posts/${target}/like`);
      await t.as(ann!).post(`/api/posts/${target}/comments`, { text: 'hi' });
    }
    await t.as(ann!).post(`/api/posts/${doomed}/share`, { text: '' });
    expect((await t.as(author!).delete(`/api/posts/${doomed}`)).statusCode).toBe(200);

    expect(await counts(ann!, author!, doomed)).toBeNull();
    expect(await counts(ann!, author!, kept)).toEqual({ likes: 1, comments: 1, shares: 0, liked: true });
    // Liking again after the deletion counts from where the post stood.
    await t.as(author!).post(`/api/posts/${kept}/like`);
    expect(await counts(ann!, author!, kept)).toMatchObject({ likes: 2 });
  });

  it("drop what a member did when they delete their account, and the author's received likes with them", async () => {
    const [author, leaver, stayer] = await t.members(3);
    const id = await t.post(author!, 'liked by someone who leaves');
    for (const m of [leaver!, stayer!]) {
      await t.as(m).post(`/api/posts/${id}/like`);
      await t.as(m).post(`/api/posts/${id}/comments`, { text: `from ${m.username}` });
    }
    await t.as(leaver!).post(`/api/posts/${id}/share`, { text: '' });
    expect(await counts(author!, author!, id)).toMatchObject({ likes: 2, comments: 2, shares: 1 });

    expect((await t.as(leaver!).delete('/api/account', { password: leaver!.password })).statusCode).toBe(204);
    expect(await counts(author!, author!, id)).toMatchObject({ likes: 1, comments: 1, shares: 0 });
    expect((await t.as(stayer!).get(`/api/posts/user/${author!.id}/stats`)).json()).toEqual({ posts: 1, likes: 1 });
  });

  it('count every like when many members like at the same moment', async () => {
    const author = await t.member();
    const fans = await t.members(12);
    const id = await t.post(author, 'a rush of likes');
    const answers = await Promise.all(fans.map((fan) => t.as(fan).post(`/api/posts/${id}/like`)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await counts(author, author, id)).toMatchObject({ likes: 12 });
    await Promise.all(fans.slice(0, 5).map((fan) => t.as(fan).delete(`/api/posts/${id}/like`)));
    expect(await counts(author, author, id)).toMatchObject({ likes: 7 });
  });
});
