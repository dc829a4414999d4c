import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { adminEmail, adminOf, reportResolved, signIn, staffAndMember } from './admin.test-support.ts';

const email = adminEmail();
const t = useTestApp({ ADMIN_EMAILS: email }, { listen: true });
const theAdmin = adminOf(t, email);

const notices = async (member: Member) => (await t.as(member).get('/api/notifications')).json().notifications as Array<any>;
const appealsQueue = async (status = 'open') => {
  const res = await t.as(await theAdmin()).get(`/api/admin/appeals?status=${status}`);
  expect(res.statusCode).toBe(200);
  return res.json().appeals as Array<Record<string, any>>;
};

/** The reporter reports, the admin removes: the id of the action the author was told of. */
async function removedByReport(author: Member, reporter: Member, target: { kind: 'post' | 'comment'; id: number }) {
  const resolution = { action: 'remove_content', note: 'looks like spam' };
  const resolved = await reportResolved(t, reporter, await theAdmin(), { target, reason: 'Spam' }, resolution);
  expect(resolved.statusCode).toBe(200);
  const told = (await notices(author)).find((n) => n.kind === 'content_removed');
  expect(told).toMatchObject({ payload: { reason: 'looks like spam', action_id: expect.any(Number) } });
  return told.payload.action_id as number;
}

describe('appealing a removal', () => {
  it('once; accepted, the post comes back with its likes, live, and the author is told', async () => {
    const [author, reporter, fan] = await t.members(3);
    const postId = await t.post(author!, 'a post that is fine really');
    expect((await t.as(fan!).post(`/api/posts/${postId}/like`)).statusCode).toBeLessThan(300);
    const watcher = await t.socket(fan!);
    const removedLive = watcher.next('post:deleted', (p) => p.post_id === postId);
    const actionId = await removedByReport(author!, reporter!, { kind: 'post', id: postId });
    await removedLive;
    expect((await t.as(fan!).get(`/api/posts/user/${author!.id}`)).json().posts).toEqual([]);
    // Taken down, not deleted: not even its author sees it meanwhile.
    expect((await t.as(author!).get(`/api/posts/user/${author!.id}`)).json().posts).toEqual([]);
    // Nor can anyone reach it by its id, nor find it.
    expect((await t.as(fan!).post(`/api/posts/${postId}/comments`, { text: 'hello?' })).statusCode).toBe(404);
    expect((await t.as(fan!).get(`/api/posts/${postId}/comments`)).statusCode).toBe(404);
    expect((await t.as(fan!).get('/api/search?q=really&type=posts')).json().results).toEqual([]);
    expect((await t.as(author!).get('/api/search?q=really&type=posts')).json().results).toEqual([]);

    // Only the member the action is about may appeal it, and only once.
    expect((await t.as(reporter!).post('/api/appeals', { action_id: actionId, text: 'not mine' })).statusCode).toBe(404);
    expect((await t.as(author!).post('/api/appeals', { action_id: actionId, text: ' ' })).statusCode).toBe(400);
    const appealed = await t.as(author!).post('/api/appeals', { action_id: actionId, text: 'It was a joke among friends' });
    expect(appealed.statusCode).toBe(201);
    expect(appealed.json()).toMatchObject({ action: 'remove_content', status: 'open', text: 'It was a joke among friends' });
    const again = await t.as(author!).post('/api/appeals', { action_id: actionId, text: 'please' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'APPEALED_ALREADY' });

    const queued = (await appealsQueue()).find((a) => a.id === appealed.json().id);
    expect(queued).toMatchObject({
      user: { id: author!.id },
      reason: 'looks like spam',
      content: { kind: 'post', text: 'a post that is fine really' },
    });

    const back = watcher.next('post:new', (p) => p.post_id === postId);
    const decided = await t
      .as(await theAdmin())
      .post(`/api/admin/appeals/${appealed.json().id}/decide`, { accept: true, note: 'Fair enough' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'accepted', decision_note: 'Fair enough', decided_by: { id: (await theAdmin()).id } });
    await back;
    const posts = (await t.as(fan!).get(`/api/posts/user/${author!.id}`)).json().posts;
    expect(posts).toMatchObject([{ post_id: postId, likes_count: 1 }]);
    expect((await t.as(fan!).get('/api/search?q=really&type=posts')).json().results).toHaveLength(1);
    expect((await notices(author!))[0]).toMatchObject({
      kind: 'appeal_decided',
      payload: { appeal_id: appealed.json().id, accepted: true, action: 'remove_content', note: 'Fair enough' },
    });
    expect((await appealsQueue()).find((a) => a.id === appealed.json().id)).toBeUndefined();
    expect((await appealsQueue('decided')).find((a) => a.id === appealed.json().id)).toMatchObject({ status: 'accepted' });
    // Decided once.
    expect((await t.as(await theAdmin()).post(`/api/admin/appeals/${appealed.json().id}/decide`, { accept: false })).statusCode).toBe(409);
    const audit = (await t.as(await theAdmin()).get('/api/admin/audit')).json().entries;
    expect(audit[0]).toMatchObject({ action: 'appeal.accept', target_user: { id: author!.id } });
  });

  it('rejected, the comment stays removed and the author reads the note; accepted, a comment is written back', async () => {
    const [author, reporter] = await t.members(2);
    const postId = await t.post(reporter!, 'a thread');
    const comment = async (text: string) => (await t.as(author!).post(`/api/posts/${postId}/comments`, { text })).json().comment.id;
    const first = await removedByReport(author!, reporter!, { kind: 'comment', id: await comment('first comment') });
    const second = await removedByReport(author!, reporter!, { kind: 'comment', id: await comment('second comment') });
    const appeal = async (actionId: number) => (await t.as(author!).post('/api/appeals', { action_id: actionId, text: 'why?' })).json().id;
    const admin = await theAdmin();

    const rejected = await t.as(admin).post(`/api/admin/appeals/${await appeal(first)}/decide`, { accept: false, note: 'Rule 2' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', decision_note: 'Rule 2' });
    expect((await notices(author!))[0]).toMatchObject({ kind: 'appeal_decided', payload: { accepted: false, note: 'Rule 2' } });

    expect((await t.as(admin).post(`/api/admin/appeals/${await appeal(second)}/decide`, { accept: true })).statusCode).toBe(200);
    const comments = (await t.as(reporter!).get(`/api/posts/${postId}/comments`)).json().comments;
    expect(comments.map((c: { text: string }) => c.text)).toEqual(['second comment']);
  });

  it('is for staff to decide: others get the 404 of a path that does not exist', async () => {
    const { moderator, member } = await staffAndMember(t, await theAdmin());
    expect((await t.as(member).get('/api/admin/appeals')).statusCode).toBe(404);
    expect((await t.as(member).post('/api/admin/appeals/1/decide', { accept: true })).statusCode).toBe(404);
    expect((await t.as(moderator).get('/api/admin/appeals')).statusCode).toBe(200);
    expect((await t.as(moderator).post('/api/admin/appeals/999999/decide', { accept: true })).statusCode).toBe(404);
    // A warning or a dismissal is not an action to appeal; nor is someone else's.
    expect((await t.as(member).post('/api/appeals', { action_id: 999999, text: 'hm' })).statusCode).toBe(404);
    expect((await t.as(null).post('/api/appeals', { action_id: 1, text: 'hm' })).statusCode).toBe(401);
  });
});

describe('appealing a suspension', () => {
  it('with the token the refused sign-in answered; accepted, the member signs in again and is mailed', async () => {
    const [member] = await t.members(1);
    const admin = await theAdmin();
    expect((await t.as(admin).post(`/api/admin/users/${member!.id}/suspend`, { reason: 'Spam waves' })).statusCode).toBe(200);

    const refused = await signIn(t, member!);
    expect(refused.statusCode).toBe(403);
    const token = refused.json().appeal_token as string;
    expect(token).toEqual(expect.any(String));
    // The token is no session, and a forged one files nothing.
    const asSession = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(asSession.statusCode).toBe(401);
    const [id, expiry] = token.split('.');
    const forged = `${Number(id) + 1}.${expiry}.${token.split('.')[2]}`;
    expect((await t.as(null).post('/api/appeals/suspension', { token: forged, text: 'me too' })).statusCode).toBe(401);

    const appealed = await t.as(null).post('/api/appeals/suspension', { token, text: 'I was hacked' });
    expect(appealed.statusCode).toBe(201);
    expect(appealed.json()).toMatchObject({ action: 'suspend', status: 'open' });
    expect((await t.as(null).post('/api/appeals/suspension', { token, text: 'again' })).statusCode).toBe(409);
    // Appealing lifts nothing by itself.
    expect((await signIn(t, member!)).statusCode).toBe(403);

    expect((await appealsQueue()).find((a) => a.id === appealed.json().id)).toMatchObject({ reason: 'Spam waves', content: null });
    const decided = await t.as(admin).post(`/api/admin/appeals/${appealed.json().id}/decide`, { accept: true, note: 'Welcome back' });
    expect(decided.statusCode).toBe(200);
    const mail = await t.mail.waitFor(member!.email, /no longer suspended/);
    expect(mail.text).toContain('Welcome back');
    expect((await signIn(t, member!)).statusCode).toBe(200);
    // No longer suspended: the token appeals nothing.
    expect((await t.as(null).post('/api/appeals/suspension', { token, text: 'hm' })).statusCode).toBe(404);
  });

  it('a wrong password gets no token', async () => {
    const [member] = await t.members(1);
    await t.as(await theAdmin()).post(`/api/admin/users/${member!.id}/suspend`, { reason: 'Spam' });
    const guessed = await signIn(t, { email: member!.email, password: 'Wrong-passw0rd!' });
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json().appeal_token).toBeUndefined();
  });
});
