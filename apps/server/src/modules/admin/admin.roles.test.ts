import { describe, expect, it } from 'vitest';
import { confirmByMail } from '../../../test/support/factories.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { adminEmail, adminOf, staffAndMember } from './admin.test-support.ts';

const email = adminEmail();
const unconfirmed = adminEmail();
const t = useTestApp({ ADMIN_EMAILS: `${unconfirmed}, ${email.toUpperCase()}` });
const theAdmin = adminOf(t, email);

const role = async (member: Parameters<typeof t.as>[0]) => (await t.as(member).get('/api/auth/me')).json().instance_role;

describe('instance roles', () => {
  it('names admins by ADMIN_EMAILS once confirmed, moderators by appointment, and tells each member on /me', async () => {
    const admin = await theAdmin();
    const { moderator, member } = await staffAndMember(t, admin);
    expect(await role(admin)).toBe('admin');
    expect(await role(moderator)).toBe('moderator');
    expect(await role(member)).toBeNull();

    const list = await t.as(moderator).get('/api/admin/moderators');
    expect(list.statusCode).toBe(200);
    expect(list.json().moderators.map((m: { id: number }) => m.id)).toEqual([moderator.id]);

    // Dismissed, the moderator is a member like any other, and the area is gone for them.
    expect((await t.as(admin).delete(`/api/admin/moderators/${moderator.id}`)).statusCode).toBe(200);
    expect(await role(moderator)).toBeNull();
    expect((await t.as(moderator).get('/api/admin/reports')).statusCode).toBe(404);
  });

  it('makes an admin of the address only once it is confirmed (anyone may register it first)', async () => {
    const owner = await t.member({ email: unconfirmed, confirmed: false, profile: false });
    expect(await role(owner)).toBeNull();
    expect((await t.as(owner).get('/api/admin/reports')).statusCode).toBe(404);
    await confirmByMail(t.instance, owner);
    expect(await role(owner)).toBe('admin');
    expect((await t.as(owner).get('/api/admin/reports')).statusCode).toBe(200);
  });

  it('answers every admin call with the 404 of a path that does not exist to anyone without a role', async () => {
    const [member] = await t.members(1);
    const unknown = await t.as(member!).get('/api/no-such-path');
    const calls: Array<[method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string, body?: Record<string, unknown>]> = [
      ['get', '/api/admin/reports?status=open'],
      ['get', '/api/admin/reports?status=nonsense'],
      ['post', '/api/admin/reports/1/resolve', { action: 'dismiss' }],
      ['post', '/api/admin/reports/not-an-id/resolve', { action: 'nonsense' }],
      ['post', `/api/admin/users/${member!.id}/suspend`, { reason: 'spam' }],
      ['delete', `/api/admin/users/${member!.id}/suspend`],
      ['get', '/api/admin/moderators'],
      ['put', `/api/admin/moderators/${member!.id}`],
      ['delete', `/api/admin/moderators/${member!.id}`],
      ['get', '/api/admin/audit'],
      ['get', '/api/admin/settings'],
      ['patch', '/api/admin/settings', { registration: 'closed' }],
      ['get', '/api/admin/registrations'],
      ['post', `/api/admin/registrations/${member!.id}/approve`],
      ['post', '/api/admin/invites'],
    ];
    for (const who of [member!, null]) {
      for (const [method, url, body] of calls) {
        const res = await t.as(who)[method](url, body);
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 404, body: unknown.json() });
      }
    }
  });

  it('lets only admins appoint and dismiss moderators', async () => {
    const admin = await theAdmin();
    const { moderator, member } = await staffAndMember(t, admin);
    const tried = await t.as(moderator).put(`/api/admin/moderators/${member.id}`);
    expect(tried.statusCode).toBe(403);
    expect((await t.as(moderator).delete(`/api/admin/moderators/${moderator.id}`)).statusCode).toBe(403);
    expect((await t.as(admin).put(`/api/admin/moderators/${admin.id}`)).statusCode).toBe(409);
    expect((await t.as(admin).put('/api/admin/moderators/999999')).statusCode).toBe(404);
    expect(await role(member)).toBeNull();
  });
});
