import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { createCommunity, joinCommunity, send } from './communities.test-support.ts';

const t = useTestApp();

/** An owner, a moderator and two plain members in a public community. */
async function club() {
  const [owner, mod, ann, bob] = (await t.members(4)) as [Member, Member, Member, Member];
  const { id } = await createCommunity(t, owner);
  for (const m of [mod, ann, bob]) await joinCommunity(t, id, m);
  await t.as(owner).patch(`/api/communities/${id}/members/${mod.id}`, { role: 'moderator' });
  return { id, owner, mod, ann, bob };
}

const queue = async (who: Member, id: number, status = 'open') =>
  ((await t.as(who).get(`/api/communities/${id}/reports?status=${status}`)).json().reports as Array<{ id: number }>).map((r) => r.id);

describe('reports about a reviewer', () => {
  it('never reach the reported moderator: not in their queue, not resolvable by them; an admin sees and resolves them', async () => {
    const { id, owner, mod, ann, bob } = await club();
    const aboutMod = (await t.as(ann).post(`/api/communities/${id}/reports`, { reason: 'Abusive moderator', user_id: mod.id })).json().id;
    const modMessage = (await send(t, id, mod, 'obey')).json().message;
    const aboutModMessage = (await t.as(bob).post(`/api/communities/${id}/reports`, { reason: 'Rude', message_id: modMessage.id })).json()
      .id;
    const aboutBob = (await t.as(ann).post(`/api/communities/${id}/reports`, { reason: 'Spam', user_id: bob.id })).json().id;

    // The moderator reviews the others' reports, never one about themself (by the member or by their message).
    expect(await queue(mod, id)).toEqual([aboutBob]);
    for (const reportId of [aboutMod, aboutModMessage])
      for (const status of ['dismissed', 'resolved']) {
        const refused = await t.as(mod).post(`/api/communities/${id}/reports/${reportId}/resolve`, { status });
        expect([refused.statusCode, refused.json().code]).toEqual([404, 'NOT_FOUND']);
      }
    // Refused means untouched: the admin still finds them open.
    expect(await queue(owner, id)).toEqual([aboutBob, aboutModMessage, aboutMod]);

    const resolved = await t.as(owner).post(`/api/communities/${id}/reports/${aboutMod}/resolve`, { status: 'resolved' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ id: aboutMod, status: 'resolved', reported_user: { id: mod.id } });
    expect(await queue(owner, id, 'resolved')).toEqual([aboutMod]);
    // Once resolved it stays out of the moderator's sight too.
    expect(await queue(mod, id, 'resolved')).toEqual([]);
    expect((await t.as(mod).post(`/api/communities/${id}/reports/${aboutBob}/resolve`, { status: 'dismissed' })).statusCode).toBe(200);
  });

  it('keeps a report about an admin out of that admin’s queue and audit log, while the owner sees both', async () => {
    const { id, owner, ann, bob } = await club();
    await t.as(owner).patch(`/api/communities/${id}/members/${bob.id}`, { role: 'admin' });
    const aboutBob = (await t.as(ann).post(`/api/communities/${id}/reports`, { reason: 'Bossy', user_id: bob.id })).json().id;
    expect(await queue(bob, id)).toEqual([]);
    expect((await t.as(owner).post(`/api/communities/${id}/reports/${aboutBob}/resolve`, { status: 'dismissed' })).statusCode).toBe(200);
    const actions = async (who: Member) =>
      ((await t.as(who).get(`/api/communities/${id}/audit`)).json().entries as Array<{ action: string }>).map((e) => e.action);
    expect(await actions(owner)).toContain('report.resolve');
    expect(await actions(bob)).not.toContain('report.resolve');
  });
});
