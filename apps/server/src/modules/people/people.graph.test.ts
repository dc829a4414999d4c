import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';

const t = useTestApp();

const profile = async (viewer: Member | null, of: Member) => (await t.as(viewer).get(`/api/users/${of.username}`)).json();
const ids = async (viewer: Member, of: Member, side: 'followers' | 'following') =>
  (await t.as(viewer).get(`/api/users/${of.id}/${side}`)).json().users.map((u: { id: number }) => u.id);

describe('follow graph', () => {
  it('follow and unfollow change both members’ counts, relations and lists', async () => {
    const [ann, bob] = await t.members(2);
    const res = await t.as(ann).post(`/api/users/${bob.id}/follow`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ following: true });
    // Following twice is the same follow.
    expect((await t.as(ann).post(`/api/users/${bob.id}/follow`)).json()).toEqual({ following: true });

    expect(await profile(ann, bob)).toMatchObject({ followers_count: 1, following_count: 0, is_following: true, follows_me: false });
    expect(await profile(bob, ann)).toMatchObject({ followers_count: 0, following_count: 1, is_following: false, follows_me: true });
    expect(await ids(ann, bob, 'followers')).toEqual([ann.id]);
    expect(await ids(bob, ann, 'following')).toEqual([bob.id]);

    expect((await t.as(ann).delete(`/api/users/${bob.id}/follow`)).json()).toEqual({ following: false });
    expect(await profile(ann, bob)).toMatchObject({ followers_count: 0, is_following: false });
    expect(await ids(ann, bob, 'followers')).toEqual([]);
  });

  it('follow back: the list row of a follower says they follow me and whether I follow them', async () => {
    const [ann, bob] = await t.members(2);
    await t.as(bob).post(`/api/users/${ann.id}/follow`);
    const [row] = (await t.as(ann).get(`/api/users/${ann.id}/followers`)).json().users;
    expect(row).toMatchObject({ id: bob.id, username: bob.username, follows_me: true, is_following: false });
    await t.as(ann).post(`/api/users/${bob.id}/follow`);
    const [after] = (await t.as(ann).get(`/api/users/${ann.id}/followers`)).json().users;
    expect(after).toMatchObject({ id: bob.id, follows_me: true, is_following: true });
    expect(await profile(ann, ann)).toMatchObject({ followers_count: 1, following_count: 1, is_me: true });
  });

  it('removing a follower ends their follow, not mine', async () => {
    const [ann, bob] = await t.members(2);
    await t.as(bob).post(`/api/users/${ann.id}/follow`);
    await t.as(ann).post(`/api/users/${bob.id}/follow`);
    const res = await t.as(ann).delete(`/api/users/${bob.id}/follower`);
    expect(res.statusCode).toBe(204);
    expect(await profile(ann, bob)).toMatchObject({ is_following: true, follows_me: false, followers_count: 1 });
    expect(await profile(bob, ann)).toMatchObject({ followers_count: 0, following_count: 1 });
  });

  it('pages a long list by cursor, newest follow first, without repeats', async () => {
    const star = await t.member();
    const fans = await t.members(5);
    for (const fan of fans) await t.as(fan).post(`/api/users/${star.id}/follow`);
    const first = (await t.as(star).get(`/api/users/${star.id}/followers?limit=3`)).json();
    expect(first.users).toHaveLength(3);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await t.as(star).get(`/api/users/${star.id}/followers?limit=3&before=${first.next_cursor}`)).json();
    expect(second.next_cursor).toBeNull();
    const seen = [...first.users, ...second.users].map((u: { id: number }) => u.id);
    expect(seen).toEqual(fans.map((f) => f.id).reverse());
  });

  it('blocking ends follows both ways and hides each from the other’s lists and profile', async () => {
    const [ann, bob, cy] = await t.members(3);
    await t.as(ann).post(`/api/users/${bob.id}/follow`);
    await t.as(bob).post(`/api/users/${ann.id}/follow`);
    await t.as(ann).post(`/api/users/${cy.id}/follow`);
    await t.as(bob).post(`/api/users/${cy.id}/follow`);

    expect((await t.as(ann).post(`/api/chat/blocks/${bob.id}`)).statusCode).toBe(200);
    expect(await profile(cy, ann)).toMatchObject({ followers_count: 0, following_count: 1 });
    expect(await profile(cy, bob)).toMatchObject({ followers_count: 0, following_count: 1 });
    // In a third member's list, each sees everyone but the other.
    expect(await ids(ann, cy, 'followers')).toEqual([ann.id]);
    expect(await ids(bob, cy, 'followers')).toEqual([bob.id]);
    expect((await ids(cy, cy, 'followers')).sort()).toEqual([ann.id, bob.id].sort());
    // Neither follows or lists the other; the blocked one does not find the blocker, who sees only whom they blocked.
    expect((await t.as(bob).get(`/api/users/${ann.username}`)).statusCode).toBe(404);
    expect(await profile(ann, bob)).toMatchObject({ is_blocked: true, followers_count: 0, bio: null });
    for (const [me, them] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      expect((await t.as(me).post(`/api/users/${them.id}/follow`)).statusCode).toBe(404);
      expect((await t.as(me).get(`/api/users/${them.id}/followers`)).statusCode).toBe(404);
    }
  });

  it('refuses bad input with 4xx {code, msg}', async () => {
    const ann = await t.member();
    const self = await t.as(ann).post(`/api/users/${ann.id}/follow`);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
    expect((await t.as(ann).post('/api/users/999999/follow')).statusCode).toBe(404);
    expect((await t.as(ann).post('/api/users/abc/follow')).statusCode).toBe(400);
    expect((await t.as(ann).get(`/api/users/${ann.id}/followers?before=nope`)).statusCode).toBe(400);
    expect((await t.as(ann).get('/api/users/no-such-member')).statusCode).toBe(404);
    expect((await t.as(ann).get(`/api/users/${'x'.repeat(61)}`)).statusCode).toBe(400);
    expect((await t.as(null).post(`/api/users/${ann.id}/follow`)).statusCode).toBe(401);
    expect((await t.as(null).get(`/api/users/${ann.id}/followers`)).statusCode).toBe(401);
  });

  it('a member who has not set up a profile has no page and cannot be followed', async () => {
    const ann = await t.member();
    const half = await t.member({ profile: false });
    expect((await t.as(ann).post(`/api/users/${half.id}/follow`)).statusCode).toBe(404);
  });

  it('the profile lists the member’s interests as they saved them', async () => {
    const [ann, bob] = await t.members(2);
    expect((await profile(bob, ann)).interests).toEqual([]);
    const picked = [
      { name: 'Tech and innovation', sub_interests: ['AI and machine learning', 'cybersecurity'] },
      { name: 'Spirituality', sub_interests: ['meditation'] },
    ];
    expect((await t.as(ann).patch('/api/interests', { interests: picked })).statusCode).toBe(200);
    expect((await profile(bob, ann)).interests).toEqual(picked);
  });

  it('the profile’s community tabs answer empty lists until communities list them', async () => {
    const ann = await t.member();
    expect((await t.as(ann).get(`/api/users/${ann.id}/communities`)).json()).toEqual({ created: [], followed: [] });
  });
});

describe('the Following feed', () => {
  it('holds the posts of the people I follow and my own, not the others’', async () => {
    const [ann, bob, cy] = await t.members(3);
    await t.as(ann).post(`/api/users/${bob.id}/follow`);
    for (const [who, text] of [
      [ann, 'mine'],
      [bob, 'followed'],
      [cy, 'stranger'],
    ] as const)
      await t.as(who).multipart('/api/posts/create', { post: `${text} ${ann.id}` });
    const texts = async (query: string) =>
      (await t.as(ann).get(`/api/posts/feed?limit=50${query}`))
        .json()
        .posts.map((p: { post: string }) => p.post)
        .filter((p: string) => p.endsWith(` ${ann.id}`));
    expect(await texts('&following=true')).toEqual([`followed ${ann.id}`, `mine ${ann.id}`]);
    expect(await texts('')).toEqual([`stranger ${ann.id}`, `followed ${ann.id}`, `mine ${ann.id}`]);
    expect((await t.as(ann).get('/api/posts/feed?following=yes')).statusCode).toBe(400);
  });
});
