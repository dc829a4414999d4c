import { describe, expect, it } from 'vitest';
import { userMutes } from '../../db/schema/index.ts';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import type { TestApp } from '../../../test/support/test-app.ts';

const t = useTestApp({}, { listen: true });

async function mute(muter: Member, muted: Member, on = true) {
  const res = on ? await t.as(muter).put(`/api/users/${muted.id}/mute`) : await t.as(muter).delete(`/api/users/${muted.id}/mute`);
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: { muted: on } });
}

type Card = { post_id: number; author: { id: number }; shared_post: { post_id: number; author: { id: number } } | null };

/** The ids of the posts a member sees in a list (a feed tab, a tag, an author), read through the given process. */
async function idsIn(viewer: Member, url: string, app: TestApp['app'] = t.app): Promise<number[]> {
  const res = await app.inject({ method: 'GET', url, headers: viewer.auth });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return ((Array.isArray(body) ? body : body.posts) as Card[]).map((p) => p.post_id);
}

const feed = (tab: 'all' | 'following' = 'all') => `/api/posts/feed?limit=50${tab === 'following' ? '&following=true' : ''}`;

describe('muting a member', () => {
  it("takes their posts, their shares and others' shares of them out of the muter's feed at once, and only theirs", async () => {
    const [ann, bob, cy] = await t.members(3);
    await t.as(ann).post(`/api/users/${bob!.id}/follow`);
    await t.as(ann).post(`/api/users/${cy!.id}/follow`);
    const bobPost = await t.post(bob!, 'from bob #gardening');
    const cyPost = await t.post(cy!, 'from cy #gardening');
    const bobShare = await t.share(bob!, cyPost);
    const cyShare = await t.share(cy!, bobPost);
    const bobs = [bobPost, bobShare, cyShare];
    // Read (and kept by the server) before the mute.
    expect(await idsIn(ann!, feed())).toEqual(expect.arrayContaining([...bobs, cyPost]));
    expect(await idsIn(ann!, feed('following'))).toEqual(expect.arrayContaining(bobs));

    await mute(ann!, bob!);

    for (const url of [feed(), feed('following'), '/api/posts/feed?tag=gardening', '/api/posts/get-post?limit=50']) {
      const seen = await idsIn(ann!, url);
      expect({ url, hidden: seen.filter((id) => bobs.includes(id)) }).toEqual({ url, hidden: [] });
      expect(seen).toContain(cyPost);
    }
    // Nobody else's feed changes, Bob's included.
    expect(await idsIn(cy!, feed())).toEqual(expect.arrayContaining([...bobs, cyPost]));
    expect(await idsIn(bob!, feed())).toEqual(expect.arrayContaining([...bobs, cyPost]));
    // Bob's own page, and his post opened by its link, still show him to Ann (as on Mastodon).
    expect(await idsIn(ann!, `/api/posts/user/${bob!.id}`)).toEqual(expect.arrayContaining([bobPost, bobShare]));
    expect(await idsIn(ann!, `/api/posts/feed?author=${bob!.username}`)).toEqual(expect.arrayContaining([bobPost, bobShare]));
    expect((await t.as(ann!).get(`/api/posts/${bobPost}/comments`)).statusCode).toBe(200);

    await mute(ann!, bob!, false);
    expect(await idsIn(ann!, feed())).toEqual(expect.arrayContaining([...bobs, cyPost]));
  });

  it('changes nothing else between the two: they still message, follow and comment, and the muted member is not told', async () => {
    const [ann, bob] = await t.members(2);
    await mute(ann!, bob!);
    for (const [from, to] of [
      [ann!, bob!],
      [bob!, ann!],
    ] as const) {
      const sent = await t.as(from).post('/api/chat/send', { peer_id: to.id, text: 'still talking' });
      expect(sent.statusCode).toBe(201);
    }
    expect((await t.as(bob!).post(`/api/users/${ann!.id}/follow`)).statusCode).toBe(200);
    const annPost = await t.post(ann!, 'ann writes');
    expect((await t.as(bob!).post(`/api/posts/${annPost}/comments`, { text: 'bob answers' })).statusCode).toBe(201);
    // Bob's view of Ann says nothing of it; nor does any notification of his.
    const bobView = (await t.as(bob!).get(`/api/users/${ann!.username}`)).json();
    expect(bobView).toMatchObject({ is_muted: false, is_blocked: false, can_message: true });
    const bobsNotices = (await t.as(bob!).get('/api/notifications')).json();
    expect(JSON.stringify(bobsNotices)).not.toMatch(/mute/i);
  });

  it("keeps the muted member's new posts and shares out of the muter's live feed, tells only the muter's tabs", async () => {
    const [ann, bob, cy] = await t.members(3);
    const annSocket = await t.socket(ann!);
    const bobSocket = await t.socket(bob!);
    const cySocket = await t.socket(cy!);

    await mute(ann!, bob!);
    await annSocket.next('mute:updated', (e) => e.user_id === bob!.id && e.muted === true);

    const bobPost = await t.post(bob!, 'bob live');
    const cyPost = await t.post(cy!, 'cy live');
    const bobShare = await t.share(bob!, cyPost);
    const cyShare = await t.share(cy!, bobPost);
    // The last event of all: once it is here, every earlier one would be too.
    const last = await t.post(cy!, 'cy last');
    await annSocket.next('post:new', (p) => p.post_id === last);
    await cySocket.next('post:new', (p) => p.post_id === last);

    const newPosts = (s: typeof annSocket) => s.events.filter((e) => e.name === 'post:new').map((e) => e.payload.post_id);
    expect(newPosts(annSocket)).toEqual([cyPost, last]);
    expect(newPosts(cySocket)).toEqual(expect.arrayContaining([bobPost, bobShare, cyShare]));
    // Bob hears of his own posts and never of the mute.
    expect(newPosts(bobSocket)).toEqual(expect.arrayContaining([bobPost, bobShare]));
    expect(bobSocket.names()).not.toContain('mute:updated');
    expect(cySocket.names()).not.toContain('mute:updated');

    await mute(ann!, bob!, false);
    await annSocket.next('mute:updated', (e) => e.user_id === bob!.id && e.muted === false);
    const again = await t.post(bob!, 'bob after the unmute');
    await annSocket.next('post:new', (p) => p.post_id === again);
  });

  it('is said on the profile: is_muted and is_blocked for the viewer only', async () => {
    const [ann, bob] = await t.members(2);
    const profile = async (viewer: Member, owner: Member) => (await t.as(viewer).get(`/api/users/${owner.username}`)).json();
    expect(await profile(ann!, bob!)).toMatchObject({ is_muted: false, is_blocked: false });

    await mute(ann!, bob!);
    expect(await profile(ann!, bob!)).toMatchObject({ is_muted: true, is_blocked: false });
    expect(await profile(bob!, ann!)).toMatchObject({ is_muted: false, is_blocked: false });
    // Muting twice is muting once.
    await mute(ann!, bob!);
    expect((await t.as(ann!).get('/api/users/mutes')).json().users).toHaveLength(1);
  });

  it('lists the members the caller muted, newest first, page by page', async () => {
    const [ann, bob, cy, dan] = await t.members(4);
    for (const m of [bob!, cy!, dan!]) await mute(ann!, m);
    const first = (await t.as(ann!).get('/api/users/mutes?limit=2')).json();
    expect(first.users.map((u: { id: number }) => u.id)).toEqual([dan!.id, cy!.id]);
    expect(first.users[0]).toEqual({
      id: dan!.id,
      username: dan!.username,
      name: expect.any(String),
      avatar: null,
      muted_at: expect.any(String),
    });
    const second = (await t.as(ann!).get(`/api/users/mutes?limit=2&before=${first.next_cursor}`)).json();
    expect(second).toEqual({ users: [expect.objectContaining({ id: bob!.id })], next_cursor: null });
    // Each member's list is their own.
    expect((await t.as(bob!).get('/api/users/mutes')).json()).toEqual({ users: [], next_cursor: null });
    expect((await t.as(null).get('/api/users/mutes')).statusCode).toBe(401);
  });

  it('refuses muting oneself (400), an unknown member or one who blocked the caller (404), and a signed-out caller (401)', async () => {
    const [ann, bob] = await t.members(2);
    for (const method of ['put', 'delete'] as const) {
      const self = await t.as(ann!)[method](`/api/users/${ann!.id}/mute`);
      expect({ status: self.statusCode, body: self.json() }).toEqual({
        status: 400,
        body: expect.objectContaining({ code: expect.any(String), msg: 'You cannot mute yourself.' }),
      });
      const unknown = await t.as(ann!)[method]('/api/users/2147483000/mute');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
      expect((await t.as(ann!)[method]('/api/users/not-a-number/mute')).statusCode).toBe(400);
      expect((await t.as(null)[method](`/api/users/${bob!.id}/mute`)).statusCode).toBe(401);
    }
    await t.as(bob!).post(`/api/chat/blocks/${ann!.id}`);
    const blockedBy = await t.as(ann!).put(`/api/users/${bob!.id}/mute`);
    const absent = await t.as(ann!).put('/api/users/2147483000/mute');
    expect({ status: blockedBy.statusCode, body: blockedBy.json() }).toEqual({ status: 404, body: absent.json() });
    // The blocker may still mute whom they blocked (it stays when the block is lifted).
    expect((await t.as(bob!).put(`/api/users/${ann!.id}/mute`)).json()).toEqual({ muted: true });
  });

  it('drops the pages another process keeps once the mute is noticed there', async () => {
    const other = await t.otherProcess();
    const [ann, bob] = await t.members(2);
    const bobPost = await t.post(bob!, 'from bob, seen from afar');
    await other.app.ctx.notices.sync();
    expect(await idsIn(ann!, feed(), other.app)).toContain(bobPost);

    // Written straight to the database: no request of the other process drops its kept pages.
    await t.db.insert(userMutes).values({ muterId: ann!.id, mutedId: bob!.id });
    await other.app.ctx.notices.sync();
    expect(await idsIn(ann!, feed(), other.app)).not.toContain(bobPost);
  });

  it("is in 'Download my data', and goes with the account both ways", async () => {
    const [ann, bob, cy] = await t.members(3);
    await mute(ann!, bob!);
    await mute(cy!, ann!);
    const data = (await t.as(ann!).get('/api/account/export')).json();
    expect(data.mutes).toEqual([{ user_id: bob!.id, username: bob!.username, since: expect.any(String) }]);

    const gone = await t.as(ann!).delete('/api/account', { password: ann!.password });
    expect(gone.statusCode).toBeLessThan(300);
    expect((await t.as(cy!).get('/api/users/mutes')).json().users).toEqual([]);
  });
});

describe('a block seen from the blocker', () => {
  it('shows whom they blocked (name and picture, is_blocked) and nothing more; the blocked member still gets 404', async () => {
    const [ann, bob] = await t.members(2);
    await t.as(bob!).patch('/api/auth/edit-profile', { fullName: 'Bob', username: bob!.username, email: bob!.email, bio: 'gardener' });
    await t.post(bob!, 'bob was here');
    expect((await t.as(ann!).post(`/api/chat/blocks/${bob!.id}`)).statusCode).toBe(200);

    const seen = await t.as(ann!).get(`/api/users/${bob!.username}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      id: bob!.id,
      username: bob!.username,
      name: 'Bob',
      is_blocked: true,
      bio: null,
      interests: [],
      posts_count: 0,
      followers_count: 0,
      can_message: false,
      is_following: false,
    });
    expect(seen.json()).not.toHaveProperty('phone_number');
    expect((await t.as(bob!).get(`/api/users/${ann!.username}`)).statusCode).toBe(404);

    expect((await t.as(ann!).delete(`/api/chat/blocks/${bob!.id}`)).statusCode).toBe(200);
    expect((await t.as(ann!).get(`/api/users/${bob!.username}`)).json()).toMatchObject({ is_blocked: false, bio: 'gardener' });
  });
});
