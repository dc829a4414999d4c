import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { adminEmail, adminOf, sendDirect as sendDirectOf } from './admin.test-support.ts';

const email = adminEmail();
const t = useTestApp({ ADMIN_EMAILS: email });
const theAdmin = adminOf(t, email);

const report = (who: Member, body: Record<string, unknown>) => t.as(who).post('/api/reports', body);
const queue = async (status = 'open') => {
  const res = await t.as(await theAdmin()).get(`/api/admin/reports?status=${status}`);
  expect(res.statusCode).toBe(200);
  return res.json().reports as Array<Record<string, any>>;
};
const createCommunity = async (owner: Member, body: Record<string, unknown>) => {
  const res = await t.as(owner).post('/api/communities', { name: `Club ${Math.random().toString(36).slice(2, 8)}`, ...body });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string };
};
const inQueue = async (id: number, status = 'open') => (await queue(status)).find((r) => r.id === id);
const sendDirect = (from: Member, to: Member, text: string) => sendDirectOf(t, from, to, text);

describe('reports reach the instance queue', () => {
  it('of a post, a comment, a member and a community, each with what was reported and who reported it', async () => {
    const [author, reporter] = await t.members(2);
    const postId = await t.post(author!, 'buy cheap followers at spam.example');
    const commented = await t.as(author!).post(`/api/posts/${postId}/comments`, { text: 'and more spam' });
    const commentId = commented.json().comment.id;
    const community = await createCommunity(author!, { description: 'a spam club' });

    const made = [
      await report(reporter!, { target: { kind: 'post', id: postId }, reason: 'Spam', note: 'the whole feed is like this' }),
      await report(reporter!, { target: { kind: 'comment', id: commentId }, reason: 'Spam' }),
      await report(reporter!, { target: { kind: 'user', id: author!.id }, reason: 'A spam account' }),
      await report(reporter!, { target: { kind: 'community', id: community.id }, reason: 'Spam club' }),
    ];
    for (const res of made) expect(res.statusCode).toBe(201);
    const [post, comment, user, club] = await Promise.all(made.map((res) => inQueue(res.json().id)));

    expect(post).toMatchObject({
      target: { kind: 'post', id: postId },
      reason: 'Spam',
      note: 'the whole feed is like this',
      reporter: { id: reporter!.id, username: reporter!.username },
      reported_user: { id: author!.id },
      content: { kind: 'post', text: 'buy cheap followers at spam.example' },
      status: 'open',
      action: null,
    });
    expect(comment).toMatchObject({
      content: { kind: 'comment', post_id: postId, text: 'and more spam', post_text: 'buy cheap followers at spam.example' },
    });
    expect(user).toMatchObject({ reported_user: { id: author!.id }, content: { kind: 'user' } });
    expect(club).toMatchObject({
      reported_user: { id: author!.id },
      content: { kind: 'community', name: community.name, description: 'a spam club' },
    });
    // Newest first; each brings the earlier reports about the same member.
    expect(club!.earlier_reports.map((e: { id: number }) => e.id)).toEqual([user!.id, comment!.id, post!.id]);
    expect(post!.earlier_reports).toEqual([]);
  });

  it('of private messages: only the messages the reporter chose, copied, and still there once deleted', async () => {
    const [harasser, reporter] = await t.members(2);
    const first = await sendDirect(harasser!, reporter!, 'first nasty message');
    const mine = await sendDirect(reporter!, harasser!, 'please stop');
    const unchosen = await sendDirect(harasser!, reporter!, 'a message nobody reported');
    const worst = await sendDirect(harasser!, reporter!, 'the worst one');

    const res = await report(reporter!, { target: { kind: 'message', id: worst }, reason: 'Harassment', message_ids: [first, mine] });
    expect(res.statusCode).toBe(201);

    // Both sides delete what they wrote; the report keeps its copies.
    expect((await t.as(reporter!).delete(`/api/chat/messages/${mine}`)).statusCode).toBe(200);
    expect((await t.as(harasser!).delete(`/api/chat/messages/${worst}`)).statusCode).toBe(200);

    const copied = await inQueue(res.json().id);
    expect(copied).toMatchObject({ reported_user: { id: harasser!.id }, content: { kind: 'message', conversation: 'direct' } });
    expect(copied!.content.messages.map((m: { id: number; text: string; sender: { id: number } }) => [m.id, m.text, m.sender.id])).toEqual([
      [first, 'first nasty message', harasser!.id],
      [mine, 'please stop', reporter!.id],
      [worst, 'the worst one', harasser!.id],
    ]);
    expect(JSON.stringify(copied)).not.toContain('a message nobody reported');
    expect(unchosen).toBeGreaterThan(mine);
  });

  it('of a group message, by a member of the group', async () => {
    const [sender, reporter, third] = await t.members(3);
    const group = await t.as(sender!).post('/api/chat/groups', { name: 'Trio', member_ids: [reporter!.id, third!.id] });
    expect(group.statusCode).toBe(201);
    const sent = await t.as(sender!).post(`/api/chat/groups/${group.json().id}/send`, { text: 'group spam' });
    expect(sent.statusCode).toBe(201);
    const res = await report(reporter!, { target: { kind: 'message', id: sent.json().message.id }, reason: 'Spam' });
    expect(res.statusCode).toBe(201);
    expect(await inQueue(res.json().id)).toMatchObject({
      content: { kind: 'message', conversation: 'group', messages: [{ text: 'group spam' }] },
    });
  });

  it('refuses what the reporter cannot see, messages of other conversations, and reports about oneself', async () => {
    const [a, b, outsider] = await t.members(3);
    const between = await sendDirect(a!, b!, 'just between us');
    const other = await sendDirect(outsider!, a!, 'elsewhere');
    const hidden = await createCommunity(a!, { visibility: 'private' });
    const postId = await t.post(outsider!, 'my own post');

    const refusals = [
      [outsider!, { target: { kind: 'message', id: between }, reason: 'Spam' }, 404],
      [b!, { target: { kind: 'message', id: between }, reason: 'Spam', message_ids: [other] }, 404],
      [outsider!, { target: { kind: 'community', id: hidden.id }, reason: 'Spam' }, 404],
      [outsider!, { target: { kind: 'post', id: 999_999 }, reason: 'Spam' }, 404],
      [outsider!, { target: { kind: 'post', id: postId }, reason: 'Spam' }, 400],
      [outsider!, { target: { kind: 'post', id: postId }, reason: '   ' }, 400],
      [outsider!, { target: { kind: 'video', id: postId }, reason: 'Spam' }, 400],
    ] as const;
    for (const [who, body, status] of refusals) {
      const res = await report(who, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
      expect(res.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
    }
    expect((await t.as(null).post('/api/reports', { target: { kind: 'post', id: postId }, reason: 'Spam' })).statusCode).toBe(401);
  });
});

describe('report limits', () => {
  it('takes at most 30 reports a minute from one member, wherever they come from', async () => {
    const [author, reporter, other] = await t.members(3);
    const postId = await t.post(author!, 'reported a lot');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await report(reporter!, { target: { kind: 'post', id: postId }, reason: `Spam ${i}` })).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
    expect((await report(other!, { target: { kind: 'post', id: postId }, reason: 'Spam' })).statusCode).toBe(201);
  });
});

describe('resolving a report', () => {
  it('removes a reported post, tells the reporter the outcome, and leaves it in the resolved list', async () => {
    const [author, reporter] = await t.members(2);
    const postId = await t.post(author!, 'remove me');
    const made = await report(reporter!, { target: { kind: 'post', id: postId }, reason: 'Spam' });
    const admin = await theAdmin();

    const resolved = await t
      .as(admin)
      .post(`/api/admin/reports/${made.json().id}/resolve`, { action: 'remove_content', note: 'spam link' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      status: 'resolved',
      action: 'remove_content',
      resolution_note: 'spam link',
      resolved_by: { id: admin.id },
    });
    expect((await t.as(reporter!).get(`/api/posts/user/${author!.id}`)).json().posts).toEqual([]);
    expect(await inQueue(made.json().id)).toBeUndefined();
    expect(await inQueue(made.json().id, 'resolved')).toMatchObject({ action: 'remove_content' });

    const told = (await t.as(reporter!).get('/api/notifications')).json().notifications;
    expect(told[0]).toMatchObject({
      kind: 'report_resolved',
      payload: { report_id: made.json().id, target_kind: 'post', outcome: 'content_removed' },
    });
    // The author is told why, in the moderators' words; nothing names the reporter.
    const authorTold = (await t.as(author!).get('/api/notifications')).json().notifications[0];
    expect(authorTold).toMatchObject({ kind: 'content_removed', payload: { target_kind: 'post', reason: 'spam link' } });
    expect(JSON.stringify(authorTold)).not.toContain(String(reporter!.username));
    // Once is enough: a second decision on the same report is refused.
    expect((await t.as(admin).post(`/api/admin/reports/${made.json().id}/resolve`, { action: 'dismiss' })).statusCode).toBe(409);
  });

  it('dismisses a report, and removes a reported comment', async () => {
    const [author, reporter] = await t.members(2);
    const postId = await t.post(author!, 'a fine post');
    const commentId = (await t.as(author!).post(`/api/posts/${postId}/comments`, { text: 'a rude comment' })).json().comment.id;
    const onPost = await report(reporter!, { target: { kind: 'post', id: postId }, reason: 'I do not like it' });
    const onComment = await report(reporter!, { target: { kind: 'comment', id: commentId }, reason: 'Rude' });
    const admin = await theAdmin();

    expect((await t.as(admin).post(`/api/admin/reports/${onPost.json().id}/resolve`, { action: 'dismiss' })).statusCode).toBe(200);
    expect((await t.as(admin).post(`/api/admin/reports/${onComment.json().id}/resolve`, { action: 'remove_content' })).statusCode).toBe(
      200,
    );
    const comments = (await t.as(reporter!).get(`/api/posts/${postId}/comments`)).json().comments;
    expect(comments).toEqual([]);
    expect((await t.as(reporter!).get(`/api/posts/user/${author!.id}`)).json().posts).toHaveLength(1);
    const outcomes = (await t.as(reporter!).get('/api/notifications')).json().notifications.map((n: any) => n.payload.outcome);
    expect(outcomes.slice(0, 2)).toEqual(['content_removed', 'dismissed']);
  });

  it('refuses to remove a member (suspension is for that), an unknown report, and a bad action', async () => {
    const [member, reporter] = await t.members(2);
    const made = await report(reporter!, { target: { kind: 'user', id: member!.id }, reason: 'Fake' });
    const admin = await theAdmin();
    expect((await t.as(admin).post(`/api/admin/reports/${made.json().id}/resolve`, { action: 'remove_content' })).statusCode).toBe(400);
    expect((await t.as(admin).post('/api/admin/reports/999999/resolve', { action: 'dismiss' })).statusCode).toBe(404);
    expect((await t.as(admin).post(`/api/admin/reports/${made.json().id}/resolve`, { action: 'ban' })).statusCode).toBe(400);
    expect(await inQueue(made.json().id)).toMatchObject({ status: 'open' });
  });
});
