import { describe, expect, it } from 'vitest';
import { userBlocks } from '../../db/schema/index.ts';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import type { TestApp } from '../../../test/support/test-app.ts';

const t = useTestApp({}, { listen: true });

type Card = { post_id: number; author: { id: number }; shared_post: { post_id: number; author: { id: number } } | null };

/** Every author a member sees on a feed tab, reposts' originals included, read through the given process. */
async function authorsSeen(viewer: Member, tab: 'all' | 'following', app: TestApp['app'] = t.app) {
  const url = `/api/posts/feed?limit=50${tab === 'following' ? '&following=true' : ''}`;
  const res = await app.inject({ method: 'GET', url, headers: viewer.auth });
  expect(res.statusCode).toBe(200);
  return new Set((res.json().posts as Card[]).flatMap((p) => [p.author.id, ...(p.shared_post ? [p.shared_post.author.id] : [])]));
}

async function block(blocker: Member, blocked: Member) {
  expect((await t.as(blocker).post(`/api/chat/blocks/${blocked.id}`)).statusCode).toBe(200);
}

describe('a block hides each member from the other', () => {
  it('takes their posts and the reposts of them out of both feed tabs, both ways, pages read before included', async () => {
    const [a, b, c] = await t.members(3);
    await t.as(a).post(`/api/users/${c!.id}/follow`);
    await t.as(b).post(`/api/users/${c!.id}/follow`);
    await t.as(a).post(`/api/users/${b!.id}/follow`);
    const bPost = await t.post(b!, 'from b');
    const aPost = await t.post(a!, 'from a');
    await t.share(c!, bPost);
    await t.share(c!, aPost);
    await t.post(c!, 'from c');
    // Read (and kept) before the block.
    expect(await authorsSeen(a!, 'all')).toContain(b!.id);
    expect(await authorsSeen(a!, 'following')).toContain(b!.id);

    await block(a!, b!);

    for (const tab of ['all', 'following'] as const) {
      const seenByA = await authorsSeen(a!, tab);
      expect(seenByA).toContain(c!.id);
      expect(seenByA).not.toContain(b!.id);
      const seenByB = await authorsSeen(b!, tab);
      expect(seenByB).toContain(c!.id);
      expect(seenByB).not.toContain(a!.id);
    }
    // The numbered pages and a filter by author are the same list.
    const numbered = await t.as(a!).get('/api/posts/get-post?limit=50');
    expect((numbered.json() as Card[]).some((p) => p.author.id === b!.id || p.shared_post?.author.id === b!.id)).toBe(false);
    expect((await t.as(a!).get(`/api/posts/feed?author=${b!.username}`)).json().posts).toEqual([]);
  });

  it('through another process, once the block is noticed there', async () => {
    const other = await t.otherProcess();
    const [a, b] = await t.members(2);
    await t.post(b!, 'from b, seen from afar');
    await other.app.ctx.notices.sync();
    expect(await authorsSeen(a!, 'all', other.app)).toContain(b!.id);

    // Written straight to the database: no request of this process drops the other's kept pages.
    await t.db.insert(userBlocks).values({ blockerId: b!.id, blockedId: a!.id });
    await other.app.ctx.notices.sync();
    expect(await authorsSeen(a!, 'all', other.app)).not.toContain(b!.id);
  });

  it("answers the other's posts, stats and communities 404 both ways, and the blocker's page to the blocked, as for a member who does not exist", async () => {
    const [a, b] = await t.members(2);
    await t.post(b!, 'b was here');
    await t.post(a!, 'a was here');
    await block(a!, b!);
    const urls = (owner: { id: number; username: string | null }) => [
      `/api/users/${owner.username}`,
      `/api/posts/user/${owner.id}`,
      `/api/posts/user/${owner.id}/stats`,
      `/api/users/${owner.id}/communities`,
      `/api/users/${owner.id}/followers`,
    ];
    const nobody = urls({ id: 2_147_483_000, username: 'no_such_member' });
    for (const [viewer, owner] of [
      [a!, b!],
      [b!, a!],
    ] as const) {
      for (const [i, url] of urls(owner).entries()) {
        // The blocker still opens the page of whom they blocked, to unblock them (people.mutes.test.ts): only that.
        if (i === 0 && viewer === a) continue;
        const [res, absent] = [await t.as(viewer).get(url), await t.as(viewer).get(nobody[i]!)];
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 404, body: absent.json() });
        expect(res.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
      }
    }
  });

  it("hides the other's post threads and their comments under anyone's post", async () => {
    const [a, b, c] = await t.members(3);
    const bPost = await t.post(b!, 'b thread');
    const cPost = await t.post(c!, 'c thread');
    const repostOfB = await t.share(c!, bPost);
    expect((await t.as(b!).post(`/api/posts/${cPost}/comments`, { text: 'b says hi' })).statusCode).toBe(201);
    expect((await t.as(c!).post(`/api/posts/${cPost}/comments`, { text: 'c says hi' })).statusCode).toBe(201);
    await block(b!, a!);

    for (const id of [bPost, repostOfB]) {
      const res = await t.as(a!).get(`/api/posts/${id}/comments`);
      expect(res.statusCode).toBe(404);
    }
    const thread = await t.as(a!).get(`/api/posts/${cPost}/comments`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().comments.map((x: { text: string }) => x.text)).toEqual(['c says hi']);
    // The third member still sees both.
    expect((await t.as(c!).get(`/api/posts/${cPost}/comments`)).json().comments).toHaveLength(2);
  });

  it('does not deliver their live post events, both ways, while others still arrive', async () => {
    const [a, b, c] = await t.members(3);
    await block(a!, b!);
    const aSocket = await t.socket(a!);
    const bSocket = await t.socket(b!);

    const bPost = await t.post(b!, 'b live');
    const aPost = await t.post(a!, 'a live');
    await t.share(c!, bPost);
    await t.share(c!, aPost);
    const bComment = await t.post(c!, 'c live');
    await t.as(b!).post(`/api/posts/${bComment}/comments`, { text: 'b comments live' });
    await t.as(a!).post(`/api/posts/${bComment}/comments`, { text: 'a comments live' });
    await t.as(b!).patch(`/api/posts/${bPost}`, { post: 'b live, edited' });
    await t.as(a!).patch(`/api/posts/${aPost}`, { post: 'a live, edited' });
    // The last event of all, sent after the others: once it is here, every earlier one would be too.
    const last = await t.post(c!, 'c last');
    await aSocket.next('post:new', (p) => p.post_id === last);
    await bSocket.next('post:new', (p) => p.post_id === last);

    const authorsIn = (events: Array<{ name: string; payload: any }>) =>
      events.flatMap((e) => {
        if (e.name === 'post:new' || e.name === 'post:updated') return [e.payload.author.id, e.payload.shared_post?.author.id];
        if (e.name === 'comment:new') return [e.payload.comment.author.id];
        return [];
      });
    expect(authorsIn(aSocket.events)).toContain(c!.id);
    expect(authorsIn(aSocket.events)).not.toContain(b!.id);
    expect(authorsIn(bSocket.events)).toContain(c!.id);
    expect(authorsIn(bSocket.events)).not.toContain(a!.id);
  });
});
