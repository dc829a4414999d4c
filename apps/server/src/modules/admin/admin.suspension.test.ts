import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { adminEmail, adminOf, postReportResolved, restrictedByModerator, signIn, staffAndMember } from './admin.test-support.ts';

const email = adminEmail();
const t = useTestApp({ ADMIN_EMAILS: email }, { listen: true });
const theAdmin = adminOf(t, email);

const disconnected = (socket: { once(event: 'disconnect', listener: (reason: string) => void): unknown }) =>
  new Promise<string>((resolve) => socket.once('disconnect', resolve));

describe('suspending a member', () => {
  it('ends their sessions and sockets at once, hides their profile, and refuses sign-in with the reason until lifted', async () => {
    const admin = await theAdmin();
    const [member, other] = await t.members(2);
    const client = await t.socket(member!);
    const gone = disconnected(client.socket);
    expect((await t.as(other!).get(`/api/users/${member!.username}`)).statusCode).toBe(200);

    const res = await t.as(admin).post(`/api/admin/users/${member!.id}/suspend`, { reason: 'Spam waves' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: member!.id, reason: 'Spam waves', until: null });

    expect(await gone).toBe('io server disconnect');
    // Told by mail, as their sessions are over: why, and how to appeal.
    const told = await t.mail.waitFor(member!.email, /account is suspended/);
    expect(told.text).toContain('Spam waves');
    expect(told.text).toContain('appeal');
    expect((await t.as(member!).get('/api/auth/me')).statusCode).toBe(401);
    expect((await t.as(other!).get(`/api/users/${member!.username}`)).statusCode).toBe(404);
    const refused = await signIn(t, member!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', msg: expect.stringContaining('Spam waves') });
    // A wrong password still gets the wrong-password answer: the suspension is told only to whoever holds the account.
    const guessed = await signIn(t, { email: member!.email, password: 'Wrong-passw0rd!' });
    expect(guessed.statusCode).toBe(401);

    const listed = (await t.as(admin).get('/api/admin/users/restricted?kind=suspended')).json().members;
    expect(listed.find((m: { user: { id: number } }) => m.user.id === member!.id)).toMatchObject({ reason: 'Spam waves', until: null });
    expect((await t.as(other!).get('/api/admin/users/restricted')).statusCode).toBe(404);

    expect((await t.as(admin).delete(`/api/admin/users/${member!.id}/suspend`)).statusCode).toBe(200);
    const back = await signIn(t, member!);
    expect(back.statusCode).toBe(200);
    expect((await t.as(other!).get(`/api/users/${member!.username}`)).statusCode).toBe(200);
    const after = (await t.as(admin).get('/api/admin/users/restricted')).json().members;
    expect(after.find((m: { user: { id: number } }) => m.user.id === member!.id)).toBeUndefined();
    expect((await t.as(admin).delete(`/api/admin/users/${member!.id}/suspend`)).statusCode).toBe(404);
  });

  it('with an end: refused until then, and an end in the past is a bad request', async () => {
    const admin = await theAdmin();
    const [member] = await t.members(1);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const res = await t.as(admin).post(`/api/admin/users/${member!.id}/suspend`, { reason: 'Cool down', until });
    expect(res.json().until).toBe(until);
    expect((await signIn(t, member!)).json().msg).toContain(until);
    const past = await t.as(admin).post(`/api/admin/users/${member!.id}/suspend`, { reason: 'x', until: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
  });

  it('by a moderator, never of an admin nor of oneself, and never by a member (404)', async () => {
    const admin = await theAdmin();
    const { member } = await restrictedByModerator(t, admin, 'suspend');
    expect((await signIn(t, member)).statusCode).toBe(403);
    expect((await t.as(admin).get('/api/auth/me')).statusCode).toBe(200);
  });

  it('from a report: the reported author is suspended with the note as the reason, and the reporter is told', async () => {
    const admin = await theAdmin();
    const { author, reporter, resolved } = await postReportResolved(t, admin, { action: 'suspend', note: 'Spam account' });
    expect(resolved.statusCode).toBe(200);
    expect((await signIn(t, author!)).json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', msg: expect.stringContaining('Spam account') });
    const told = (await t.as(reporter!).get('/api/notifications')).json().notifications[0];
    expect(told).toMatchObject({ kind: 'report_resolved', payload: { outcome: 'member_suspended' } });
  });
});

describe('the audit log', () => {
  it('records every admin action: who, what, to whom, why and when, newest first, paged', async () => {
    const admin = await theAdmin();
    const { moderator, member } = await staffAndMember(t, admin);
    await t.as(moderator).post(`/api/admin/users/${member.id}/suspend`, { reason: 'Flooding' });
    await t.as(admin).delete(`/api/admin/users/${member.id}/suspend`);
    await t.as(admin).delete(`/api/admin/moderators/${moderator.id}`);

    const first = await t.as(admin).get('/api/admin/audit?limit=2');
    expect(first.statusCode).toBe(200);
    const { entries, next_cursor } = first.json();
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['moderator.dismiss', 'user.unsuspend']);
    expect(entries[0]).toMatchObject({ actor: { id: admin.id }, target_user: { id: moderator.id }, created_at: expect.any(String) });
    const rest = (await t.as(admin).get(`/api/admin/audit?limit=2&before=${next_cursor}`)).json().entries;
    expect(rest[0]).toMatchObject({
      action: 'user.suspend',
      actor: { id: moderator.id },
      target_user: { id: member.id },
      reason: 'Flooding',
    });
    expect(rest[1]).toMatchObject({ action: 'moderator.appoint', actor: { id: admin.id }, target_user: { id: moderator.id } });
  });
});
