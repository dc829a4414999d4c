import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { adminEmail, adminOf } from './admin.test-support.ts';

const email = adminEmail();
const t = useTestApp({ ADMIN_EMAILS: email });
const theAdmin = adminOf(t, email);

const word = () => `w${crypto.randomBytes(5).toString('hex')}`;
type PostJson = { _id: number; shared_post: { _id: number } | null };
/** The ids of a list of posts, by page or (the numbered feed) a bare array. */
const postIds = (res: { json(): unknown }) => {
  const body = res.json() as PostJson[] | { posts: PostJson[] };
  return (Array.isArray(body) ? body : body.posts).map((p) => p._id);
};

/** Every place a reader may come across a member's posts and comments. */
async function whatReaderSees(reader: Member, author: Member, postId: number, otherPostId: number, w: string) {
  const as = t.as(reader);
  return {
    feed: postIds(await as.get('/api/posts/feed?limit=50')).includes(postId),
    repost: (await as.get('/api/posts/feed?limit=50')).json().posts.some((p: PostJson) => p.shared_post?._id === postId),
    numbered: postIds(await as.get('/api/posts/get-post?limit=50')).includes(postId),
    byAuthor: postIds(await as.get(`/api/posts/feed?author=${author.username}`)).includes(postId),
    profile: postIds(await as.get(`/api/posts/user/${author.id}`)).includes(postId),
    search: (await as.get(`/api/search?type=posts&q=${w}`)).json().results.length > 0,
    comments: (await as.get(`/api/posts/${otherPostId}/comments`)).json().comments.length,
  };
}

describe("a suspended member's content", () => {
  it('is out of every feed, profile, search and comment thread while suspended, and back once lifted', async () => {
    const admin = await theAdmin();
    const [author, reader, sharer] = await t.members(3);
    const w = word();
    const postId = await t.post(author!, `hello ${w}`);
    expect((await t.as(sharer!).post(`/api/posts/${postId}/share`)).statusCode).toBe(201);
    const otherPostId = await t.post(reader!, 'a post to comment on');
    expect((await t.as(author!).post(`/api/posts/${otherPostId}/comments`, { text: 'a comment' })).statusCode).toBe(201);
    const visible = { feed: true, repost: true, numbered: true, byAuthor: true, profile: true, search: true, comments: 1 };
    expect(await whatReaderSees(reader!, author!, postId, otherPostId, w)).toEqual(visible);

    expect((await t.as(admin).post(`/api/admin/users/${author!.id}/suspend`, { reason: 'Spam' })).statusCode).toBe(200);
    await t.noticed();
    expect(await whatReaderSees(reader!, author!, postId, otherPostId, w)).toEqual({
      feed: false,
      repost: false,
      numbered: false,
      byAuthor: false,
      profile: false,
      search: false,
      comments: 0,
    });

    expect((await t.as(admin).delete(`/api/admin/users/${author!.id}/suspend`)).statusCode).toBe(200);
    await t.noticed();
    expect(await whatReaderSees(reader!, author!, postId, otherPostId, w)).toEqual(visible);
  });

  it('comes back by itself when a suspension with an end runs out', async () => {
    const admin = await theAdmin();
    const [author, reader] = await t.members(2);
    const postId = await t.post(author!, 'back soon');
    const until = new Date(Date.now() + 60_000).toISOString();
    await t.as(admin).post(`/api/admin/users/${author!.id}/suspend`, { reason: 'Cool down', until });
    await t.noticed();
    expect(postIds(await t.as(reader!).get(`/api/posts/user/${author!.id}`))).toEqual([]);
    // Its end passes (written straight to the database: nobody waits a minute in a test).
    await t.db.execute(sql`update account_suspensions set until = now() - interval '1 second' where user_id = ${author!.id}`);
    await t.noticed();
    expect(postIds(await t.as(reader!).get(`/api/posts/user/${author!.id}`))).toEqual([postId]);
  });
});
