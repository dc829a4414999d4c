import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { createCommunity, joinCommunity, send, texts } from './communities.test-support.ts';

const t = useTestApp();

async function club(size: number) {
  const [owner, ...rest] = await t.members(size + 1);
  const community = await createCommunity(t, owner!);
  for (const m of rest) await joinCommunity(t, community.id, m);
  return { id: community.id, owner: owner!, members: rest };
}

describe('community roles', () => {
  it('lets a role grant only what it holds, and act only on members below it', async () => {
    const { id, owner, members } = await club(4);
    const [admin, mod, ann, bob] = members as [typeof owner, typeof owner, typeof owner, typeof owner];
    const role = (by: typeof owner, who: typeof owner, value: string) =>
      t.as(by).patch(`/api/communities/${id}/members/${who.id}`, { role: value });

    expect((await role(owner, admin, 'admin')).json()).toMatchObject({ id: admin.id, role: 'admin' });
    expect((await role(admin, mod, 'moderator')).json()).toMatchObject({ role: 'moderator' });
    // A moderator holds no right to manage roles, so cannot make anyone a moderator, let alone an admin.
    const modGrants = await role(mod, ann, 'moderator');
    expect(modGrants.statusCode).toBe(403);
    expect((await role(mod, ann, 'admin')).statusCode).toBe(403);
    expect((await role(ann, bob, 'moderator')).statusCode).toBe(403);
    // Nobody is made owner by a role change (only by transfer), and an admin cannot demote a fellow admin or the owner.
    expect((await role(owner, ann, 'owner')).statusCode).toBe(400);
    await role(owner, ann, 'admin');
    const demote = await role(admin, ann, 'member');
    expect([demote.statusCode, demote.json().code]).toEqual([403, 'ROLE_NOT_ALLOWED']);
    expect((await role(admin, owner, 'member')).statusCode).toBe(403);
    // A moderator cannot remove or time out an admin.
    expect((await t.as(mod).delete(`/api/communities/${id}/members/${admin.id}`)).statusCode).toBe(403);
    expect(
      (await t.as(mod).patch(`/api/communities/${id}/members/${admin.id}`, { timeout_until: new Date(Date.now() + 60_000).toISOString() }))
        .statusCode,
    ).toBe(403);

    const me = (await t.as(mod).get(`/api/communities/${id}`)).json();
    expect(me.my_rights).toEqual(expect.arrayContaining(['remove_message', 'ban_member', 'review_reports']));
    expect(me.my_rights).not.toContain('manage_roles');
  });

  it('times a member out: they cannot write until then, everyone else can, and lifting it lets them back', async () => {
    const { id, owner, members } = await club(2);
    const [ann, bob] = members as [typeof owner, typeof owner];
    const until = new Date(Date.now() + 3600_000).toISOString();
    expect((await t.as(bob).patch(`/api/communities/${id}/members/${ann.id}`, { timeout_until: until })).statusCode).toBe(403);
    expect((await t.as(owner).patch(`/api/communities/${id}/members/${ann.id}`, { timeout_until: until })).json().timeout_until).toBe(
      until,
    );
    const refused = await send(t, id, ann, 'hello?');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'TIMED_OUT']);
    expect((await send(t, id, bob, 'hi all')).statusCode).toBe(201);
    expect(texts(await t.as(ann).get(`/api/communities/${id}/messages`))).toEqual(['hi all']);
    await t.as(owner).patch(`/api/communities/${id}/members/${ann.id}`, { timeout_until: null });
    expect((await send(t, id, ann, 'back')).statusCode).toBe(201);
  });

  it('removes a member at once: they read and write nothing more, and may join again', async () => {
    const { id, owner, members } = await club(1);
    const [ann] = members as [typeof owner];
    expect((await t.as(owner).delete(`/api/communities/${id}/members/${ann.id}`)).statusCode).toBe(204);
    expect((await t.as(ann).get(`/api/communities/${id}/messages`)).statusCode).toBe(403);
    expect((await send(t, id, ann, 'still here?')).statusCode).toBe(403);
    expect((await t.as(ann).post(`/api/communities/${id}/join`)).json().status).toBe('member');
  });
});

describe('community moderation', () => {
  it('queues a report for admins and moderators only; the reported member is never told', async () => {
    const { id, owner, members } = await club(3);
    const [mod, ann, bob] = members as [typeof owner, typeof owner, typeof owner];
    await t.as(owner).patch(`/api/communities/${id}/members/${mod.id}`, { role: 'moderator' });
    const message = (await send(t, id, bob, 'spam spam')).json().message;
    const report = await t.as(ann).post(`/api/communities/${id}/reports`, { reason: 'Spam', message_id: message.id });
    expect(report.statusCode).toBe(201);

    const queue = (await t.as(mod).get(`/api/communities/${id}/reports`)).json();
    expect(queue.reports).toHaveLength(1);
    expect(queue.reports[0]).toMatchObject({
      reason: 'Spam',
      reporter: { id: ann.id },
      reported_user: { id: bob.id },
      message: { id: message.id },
    });
    expect((await t.as(bob).get(`/api/communities/${id}/reports`)).statusCode).toBe(403);
    expect((await t.as(ann).get(`/api/communities/${id}/reports`)).statusCode).toBe(403);
    expect((await t.as(bob).get('/api/notifications')).json().notifications).toEqual([]);
    expect((await t.as(owner).get('/api/notifications')).json().notifications[0]).toMatchObject({ kind: 'community_report' });

    const fromOwner = (await send(t, id, owner, 'rules')).json().message;
    expect((await t.as(mod).delete(`/api/communities/${id}/messages/${fromOwner.id}`)).statusCode).toBe(403);
    // The moderator removes the message; everyone sees it gone, and the audit log (admins only) records it.
    const removed = await t.as(mod).delete(`/api/communities/${id}/messages/${message.id}`);
    expect(removed.json().message).toMatchObject({ deleted: true, removed: true, text: '' });
    await t.as(mod).post(`/api/communities/${id}/reports/${report.json().id}/resolve`, { status: 'resolved' });
    expect((await t.as(mod).get(`/api/communities/${id}/reports`)).json().reports).toEqual([]);
    expect((await t.as(mod).get(`/api/communities/${id}/audit`)).statusCode).toBe(403);
    const audit = (await t.as(owner).get(`/api/communities/${id}/audit`)).json().entries;
    expect(audit.map((e: { action: string }) => e.action).slice(0, 3)).toEqual(['report.resolve', 'message.remove', 'member.role']);
    expect(audit[1]).toMatchObject({ actor: { id: mod.id }, target_user: { id: bob.id }, details: { message_id: message.id } });
  });

  it('refuses to let a member delete someone else’s message', async () => {
    const { id, owner, members } = await club(1);
    const message = (await send(t, id, owner, 'mine')).json().message;
    expect((await t.as(members[0]!).delete(`/api/communities/${id}/messages/${message.id}`)).statusCode).toBe(403);
  });
});

describe('community chat over HTTP', () => {
  it('pages history with before, and stores a retried send once', async () => {
    const { id, owner, members } = await club(1);
    for (const n of [1, 2, 3]) await send(t, id, owner, `m${n}`);
    const clientId = crypto.randomUUID();
    const first = (await send(t, id, members[0]!, 'once', { client_id: clientId })).json().message;
    const retry = (await send(t, id, members[0]!, 'once', { client_id: clientId })).json().message;
    expect(retry.id).toBe(first.id);
    const newest = await t.as(owner).get(`/api/communities/${id}/messages?limit=2`);
    expect(texts(newest)).toEqual(['m3', 'once']);
    const older = await t.as(owner).get(`/api/communities/${id}/messages?limit=2&before=${newest.json()[0].id}`);
    expect(texts(older)).toEqual(['m1', 'm2']);
  });

  it('clears the history for the member who asked only', async () => {
    const { id, owner, members } = await club(1);
    const [ann] = members as [typeof owner];
    await send(t, id, owner, 'before');
    expect((await t.as(ann).post(`/api/communities/${id}/clear`)).statusCode).toBe(200);
    await send(t, id, owner, 'after');
    expect(texts(await t.as(ann).get(`/api/communities/${id}/messages`))).toEqual(['after']);
    expect(texts(await t.as(owner).get(`/api/communities/${id}/messages`))).toEqual(['before', 'after']);
  });

  it('counts unread from the read position, per community and in total, and none while muted', async () => {
    const [a, b] = [await club(1), await club(1)];
    const reader = a.members[0]!;
    await joinCommunity(t, b.id, reader);
    await send(t, a.id, a.owner, 'one');
    const two = (await send(t, a.id, a.owner, 'two')).json().message;
    await send(t, b.id, b.owner, 'three');
    await send(t, a.id, reader, 'mine do not count');
    const unread = (await t.as(reader).get('/api/communities/unread')).json();
    expect(unread.total).toBe(3);
    expect(unread.communities).toEqual(
      expect.arrayContaining([
        { community_id: a.id, unread: 2 },
        { community_id: b.id, unread: 1 },
      ]),
    );
    expect((await t.as(reader).get(`/api/communities/${a.id}`)).json().unread_count).toBe(2);

    expect((await t.as(reader).post(`/api/communities/${a.id}/read`, { up_to_id: two.id })).json()).toEqual({
      community_id: a.id,
      unread: 0,
      total_unread: 1,
      channel_id: two.channel_id,
      channel_unread: 0,
    });
    expect((await t.as(reader).put(`/api/communities/${b.id}/mute`, { muted: true })).json()).toEqual({ muted: true, muted_until: null });
    expect((await t.as(reader).get('/api/communities/unread')).json().total).toBe(0);
    expect((await t.as(reader).get(`/api/communities/${b.id}`)).json()).toMatchObject({ muted: true, unread_count: 0 });
  });
});
