import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { adminEmail, adminOf, postReportResolved, restrictedByModerator, reportResolved } from './admin.test-support.ts';

const email = adminEmail();
const t = useTestApp({ ADMIN_EMAILS: email }, { listen: true });
const theAdmin = adminOf(t, email);

const word = () => `w${crypto.randomBytes(5).toString('hex')}`;
const feedIds = async (reader: Member) =>
  (await t.as(reader).get('/api/posts/feed?limit=50')).json().posts.map((p: { _id: number }) => p._id) as number[];
const found = async (reader: Member, w: string) => (await t.as(reader).get(`/api/search?type=posts&q=${w}`)).json().results.length;
const notifications = async (member: Member) => (await t.as(member).get('/api/notifications')).json().notifications;

/** What a reader gets of the member's post and comment, in lists and searches. */
async function reach(reader: Member, postId: number, commentedPostId: number, w: string) {
  return {
    feed: (await feedIds(reader)).includes(postId),
    search: (await found(reader, w)) > 0,
    comments: (await t.as(reader).get(`/api/posts/${commentedPostId}/comments`)).json().comments.length,
  };
}

describe('silencing a member', () => {
  it('limits their posts and comments to their followers until lifted; their own page still shows them', async () => {
    const admin = await theAdmin();
    const [loud, follower, stranger] = await t.members(3);
    expect((await t.as(follower!).post(`/api/users/${loud!.id}/follow`)).statusCode).toBe(200);
    const w = word();
    const postId = await t.post(loud!, `look at me ${w}`);
    const commentedPostId = await t.post(stranger!, 'a quiet post');
    expect((await t.as(loud!).post(`/api/posts/${commentedPostId}/comments`, { text: 'LOUD' })).statusCode).toBe(201);
    const everywhere = { feed: true, search: true, comments: 1 };

    const res = await t.as(admin).post(`/api/admin/users/${loud!.id}/silence`, { reason: 'Flooding the feed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: loud!.id, reason: 'Flooding the feed', until: null });
    await t.noticed();

    expect(await reach(stranger!, postId, commentedPostId, w)).toEqual({ feed: false, search: false, comments: 0 });
    expect(await reach(follower!, postId, commentedPostId, w)).toEqual(everywhere);
    expect(await reach(loud!, postId, commentedPostId, w)).toEqual(everywhere);
    // Their page, visited on purpose, still lists them (as Mastodon's limited accounts).
    const page = (await t.as(stranger!).get(`/api/posts/user/${loud!.id}`)).json().posts;
    expect(page.map((p: { _id: number }) => p._id)).toEqual([postId]);

    expect((await t.as(admin).delete(`/api/admin/users/${loud!.id}/silence`)).statusCode).toBe(200);
    await t.noticed();
    expect(await reach(stranger!, postId, commentedPostId, w)).toEqual(everywhere);
    expect((await t.as(admin).delete(`/api/admin/users/${loud!.id}/silence`)).statusCode).toBe(404);

    const audit = (await t.as(admin).get('/api/admin/audit?limit=2')).json().entries;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['user.unsilence', 'user.silence']);
    expect(audit[1]).toMatchObject({ target_user: { id: loud!.id }, reason: 'Flooding the feed' });
  });

  it('by a moderator, never of an admin nor of oneself, and never by a member (404)', async () => {
    const admin = await theAdmin();
    const { member } = await restrictedByModerator(t, admin, 'silence');
    // Silenced is not suspended: they still sign in and post.
    expect((await t.as(member).get('/api/auth/me')).statusCode).toBe(200);
  });
});

describe('warn and silence as the outcome of a report', () => {
  it("warn: the member reads the moderators' note, the reporter hears the outcome, nothing else changes", async () => {
    const admin = await theAdmin();
    const { author, reporter, postId, resolved } = await postReportResolved(t, admin, { action: 'warn', note: 'Mind the rules' }, 'Rude');
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', action: 'warn' });

    const warned = (await notifications(author!))[0];
    expect(warned).toMatchObject({ kind: 'moderator_warning', payload: { reason: 'Mind the rules' } });
    expect(JSON.stringify(warned)).not.toContain(String(reporter!.username));
    expect((await notifications(reporter!))[0]).toMatchObject({ kind: 'report_resolved', payload: { outcome: 'member_warned' } });
    expect(await feedIds(reporter!)).toContain(postId);
    const audit = (await t.as(admin).get('/api/admin/audit?limit=1')).json().entries[0];
    expect(audit).toMatchObject({ action: 'report.warn', target_user: { id: author!.id }, reason: 'Mind the rules' });
  });

  it('silence: the reported member is silenced with the note as the reason', async () => {
    const admin = await theAdmin();
    const [author, reporter] = await t.members(2);
    const postId = await t.post(author!, 'spammy');
    const report = { target: { kind: 'user', id: author!.id }, reason: 'Spam' };
    const resolved = await reportResolved(t, reporter!, admin, report, { action: 'silence', note: 'Too much' });
    expect(resolved.statusCode).toBe(200);
    await t.noticed();
    expect(await feedIds(reporter!)).not.toContain(postId);
    expect((await notifications(reporter!))[0]).toMatchObject({ payload: { outcome: 'member_silenced' } });
    const audit = (await t.as(admin).get('/api/admin/audit?limit=1')).json().entries[0];
    expect(audit).toMatchObject({ action: 'report.silence', reason: 'Too much', details: { report_id: resolved.json().id } });
  });
});

describe("a silenced member's direct messages", () => {
  it('go only to followers and to people who wrote to them first; others answer 403 SILENCED', async () => {
    const admin = await theAdmin();
    const [loud, follower, stranger, writer] = await t.members(4);
    expect((await t.as(follower!).post(`/api/users/${loud!.id}/follow`)).statusCode).toBe(200);
    expect((await t.as(writer!).post('/api/chat/send', { peer_id: loud!.id, text: 'hi, about your post' })).statusCode).toBe(201);
    const send = (to: Member) => t.as(loud!).post('/api/chat/send', { peer_id: to.id, text: 'buy now' });
    expect((await send(stranger!)).statusCode).toBe(201);

    await t.as(admin).post(`/api/admin/users/${loud!.id}/silence`, { reason: 'Spam in private messages' });
    const refused = await send(stranger!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SILENCED', msg: expect.any(String) });
    expect((await send(follower!)).statusCode).toBe(201);
    expect((await send(writer!)).statusCode).toBe(201);
    // The stranger, not silenced, still writes to them.
    expect((await t.as(stranger!).post('/api/chat/send', { peer_id: loud!.id, text: 'stop' })).statusCode).toBe(201);

    await t.as(admin).delete(`/api/admin/users/${loud!.id}/silence`);
    const [another] = await t.members(1);
    expect((await send(another!)).statusCode).toBe(201);
  });
});

describe("a silenced member's groups", () => {
  it('take in only people who follow them, at creation and when adding; lifted, anyone they may message', async () => {
    const admin = await theAdmin();
    const [loud, follower, other, stranger] = await t.members(4);
    for (const f of [follower!, other!]) expect((await t.as(f).post(`/api/users/${loud!.id}/follow`)).statusCode).toBe(200);
    await t.as(admin).post(`/api/admin/users/${loud!.id}/silence`, { reason: 'Spam in groups' });

    const refused = await t.as(loud!).post('/api/chat/groups', { name: 'Deals', member_ids: [follower!.id, stranger!.id] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SILENCED' });
    const made = await t.as(loud!).post('/api/chat/groups', { name: 'Deals', member_ids: [follower!.id, other!.id] });
    expect(made.statusCode).toBe(201);
    const add = () => t.as(loud!).post(`/api/chat/groups/${made.json().id}/members`, { user_ids: [stranger!.id] });
    expect((await add()).statusCode).toBe(403);

    await t.as(admin).delete(`/api/admin/users/${loud!.id}/silence`);
    expect((await add()).statusCode).toBe(200);
  });
});

describe("a silenced member's new posts, live", () => {
  it('reach their followers and themselves, not everyone', async () => {
    const admin = await theAdmin();
    const [loud, follower, stranger, other] = await t.members(4);
    expect((await t.as(follower!).post(`/api/users/${loud!.id}/follow`)).statusCode).toBe(200);
    await t.as(admin).post(`/api/admin/users/${loud!.id}/silence`, { reason: 'Flooding' });
    const [toFollower, toStranger, toLoud] = await Promise.all([t.socket(follower!), t.socket(stranger!), t.socket(loud!)]);

    const silencedPost = await t.post(loud!, 'only for my followers');
    const byOther = await t.post(other!, 'for everyone');
    const isPost = (id: number) => (p: { _id?: number; post_id?: number }) => (p._id ?? p.post_id) === id;
    await toFollower.next('post:new', isPost(silencedPost));
    await toLoud.next('post:new', isPost(silencedPost));
    // Events reach a socket in the order they were sent: once the later post is there, the earlier one would be too.
    await toStranger.next('post:new', isPost(byOther));
    expect(toStranger.events.filter((e) => e.name === 'post:new' && isPost(silencedPost)(e.payload))).toEqual([]);
  });
});
