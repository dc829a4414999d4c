import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { createCommunity, send } from './communities.test-support.ts';

const t = useTestApp({}, { listen: true });

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

/** What the timed-out member sees of the time-out, and whether a write of theirs goes through. */
async function standing(id: number, who: Member) {
  const refused = await send(t, id, who, 'back again?');
  const thread = await t.as(who).post(`/api/communities/${id}/threads`, { title: 'Back', body: 'again' });
  return {
    status: (await t.as(who).get(`/api/communities/${id}`)).json().my_status,
    timeout_until: (await t.as(who).get(`/api/communities/${id}`)).json().timeout_until,
    send: [refused.statusCode, refused.json().code],
    thread: [thread.statusCode, thread.json().code],
  };
}

const timedOutUntil = (until: string) => ({
  status: 'member',
  timeout_until: until,
  send: [403, 'TIMED_OUT'],
  thread: [403, 'TIMED_OUT'],
});

describe('a time-out outlives leaving', () => {
  it('holds, with its end, after the member leaves and joins again, until it is lifted', async () => {
    const [owner, ann] = (await t.members(2)) as [Member, Member];
    const { id } = await createCommunity(t, owner);
    await t.as(ann).post(`/api/communities/${id}/join`);
    const until = inAnHour();
    await t.as(owner).patch(`/api/communities/${id}/members/${ann.id}`, { timeout_until: until });

    const ownerSocket = await t.socket(owner);
    for (let round = 0; round < 2; round++) {
      expect((await t.as(ann).post(`/api/communities/${id}/leave`)).statusCode).toBe(200);
      expect((await t.as(ann).post(`/api/communities/${id}/join`)).json().status).toBe('member');
      expect(await standing(id, ann)).toEqual(timedOutUntil(until));
    }
    // The room hears of her return with the time-out she still has.
    const back = await ownerSocket.next('community:membership:changed', (e) => e.user_id === ann.id && e.status === 'member');
    expect(back).toMatchObject({ community_id: id, timeout_until: until });
    const listed = (await t.as(owner).get(`/api/communities/${id}/members`)).json().members;
    expect(listed.find((m: { id: number }) => m.id === ann.id)).toMatchObject({ timeout_until: until });

    expect((await t.as(owner).patch(`/api/communities/${id}/members/${ann.id}`, { timeout_until: null })).statusCode).toBe(200);
    expect((await send(t, id, ann, 'free')).statusCode).toBe(201);
    // Lifted means gone: leaving and joining again does not bring it back.
    await t.as(ann).post(`/api/communities/${id}/leave`);
    await t.as(ann).post(`/api/communities/${id}/join`);
    expect((await send(t, id, ann, 'still free')).statusCode).toBe(201);
  });

  it('holds through a request and its approval, an invite link, a removal, and an invitation', async () => {
    const [owner, ann] = (await t.members(2)) as [Member, Member];
    const { id } = await createCommunity(t, owner, { visibility: 'private' });
    const link = (await t.as(owner).post(`/api/communities/${id}/invites`, {})).json().code;
    expect((await t.as(ann).post(`/api/invites/${link}/accept`)).statusCode).toBe(200);
    const until = inAnHour();
    await t.as(owner).patch(`/api/communities/${id}/members/${ann.id}`, { timeout_until: until });

    // Request, approved.
    await t.as(ann).post(`/api/communities/${id}/leave`);
    expect((await t.as(ann).post(`/api/communities/${id}/join`)).json().status).toBe('requested');
    expect((await t.as(owner).post(`/api/communities/${id}/requests/${ann.id}/approve`)).statusCode).toBe(200);
    expect(await standing(id, ann)).toEqual(timedOutUntil(until));

    // The invite link again.
    await t.as(ann).post(`/api/communities/${id}/leave`);
    expect((await t.as(ann).post(`/api/invites/${link}/accept`)).json().status).toBe('member');
    expect(await standing(id, ann)).toEqual(timedOutUntil(until));

    // Removed by a moderator, then back by the link.
    expect((await t.as(owner).delete(`/api/communities/${id}/members/${ann.id}`)).statusCode).toBe(204);
    expect((await t.as(ann).post(`/api/invites/${link}/accept`)).json().status).toBe('member');
    expect(await standing(id, ann)).toEqual(timedOutUntil(until));

    // An invitation by name, declined once (leave), then accepted (join).
    await t.as(ann).post(`/api/communities/${id}/leave`);
    expect((await t.as(owner).post(`/api/communities/${id}/invitations`, { user_id: ann.id })).statusCode).toBe(201);
    await t.as(ann).post(`/api/communities/${id}/leave`);
    expect((await t.as(owner).post(`/api/communities/${id}/invitations`, { user_id: ann.id })).statusCode).toBe(201);
    expect((await t.as(ann).post(`/api/communities/${id}/join`)).json().status).toBe('member');
    expect(await standing(id, ann)).toEqual(timedOutUntil(until));
  });

  it('ends when it runs out, left or not', async () => {
    const [owner, ann] = (await t.members(2)) as [Member, Member];
    const { id } = await createCommunity(t, owner);
    await t.as(ann).post(`/api/communities/${id}/join`);
    const until = new Date(Date.now() + 2000).toISOString();
    await t.as(owner).patch(`/api/communities/${id}/members/${ann.id}`, { timeout_until: until });
    await t.as(ann).post(`/api/communities/${id}/leave`);
    await t.as(ann).post(`/api/communities/${id}/join`);
    // Writing is refused until the end (if the machine is slow the end may already have passed: then it goes through).
    if (Date.now() < Date.parse(until) - 200) expect((await send(t, id, ann, 'early')).json().code).toBe('TIMED_OUT');
    await expect.poll(async () => (await send(t, id, ann, 'on time')).statusCode, { timeout: 10_000, interval: 200 }).toBe(201);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(until));
  });
});
