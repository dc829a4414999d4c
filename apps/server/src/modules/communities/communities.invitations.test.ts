import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { createCommunity, joinCommunity } from './communities.test-support.ts';

const t = useTestApp({}, { listen: true });

describe('inviting a member', () => {
  it('a private community: the invited member is told live, sees the invitation and joins without a request', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner, { visibility: 'private', name: 'Quiet readers' });
    const annSocket = await t.socket(ann);

    const res = await t.as(owner).post(`/api/communities/${club.id}/invitations`, { user_id: ann.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(await annSocket.next('notification:new')).toMatchObject({
      kind: 'community_invited',
      payload: { actor_id: owner.id, community_id: club.id, community_name: 'Quiet readers' },
    });
    expect(await annSocket.next('community:membership:changed')).toMatchObject({ community_id: club.id, status: 'invited' });
    expect((await t.as(ann).get(`/api/communities/${club.id}`)).json().my_status).toBe('invited');
    // Still not a member: the chat is closed to her (as to anyone outside) until she accepts.
    expect((await t.as(ann).get(`/api/communities/${club.id}/messages`)).statusCode).toBe(404);

    expect((await t.as(ann).post(`/api/communities/${club.id}/join`)).json()).toMatchObject({ status: 'member' });
    expect((await t.as(ann).get(`/api/communities/${club.id}/messages`)).statusCode).toBe(200);
  });

  it('declining removes the invitation; only the invite right may invite; members, bans, requests and blocks are refused', async () => {
    const [owner, mod, ann, bob, cy, dee, eve] = await t.members(7);
    const club = await createCommunity(t, owner, { visibility: 'private' });
    const invite = (user: { id: number }, by = owner) => t.as(by).post(`/api/communities/${club.id}/invitations`, { user_id: user.id });

    expect((await invite(ann)).statusCode).toBe(201);
    expect((await t.as(ann).post(`/api/communities/${club.id}/leave`)).statusCode).toBe(200);
    expect((await t.as(ann).get(`/api/communities/${club.id}`)).json().my_status).toBeNull();

    // A moderator lacks the invite right; to an outsider the private community is not there at all.
    await invite(mod);
    await t.as(mod).post(`/api/communities/${club.id}/join`);
    expect((await t.as(owner).patch(`/api/communities/${club.id}/members/${mod.id}`, { role: 'moderator' })).statusCode).toBe(200);
    expect((await invite(bob, mod)).statusCode).toBe(403);
    expect((await invite(bob, eve)).statusCode).toBe(404);

    expect((await invite(mod)).statusCode).toBe(409);
    await t.as(cy).post(`/api/communities/${club.id}/join`);
    expect((await invite(cy)).json()).toMatchObject({
      code: expect.any(String),
      msg: 'They have asked to join: approve their request instead.',
    });
    await joinCommunity(t, club.id, dee, owner);
    expect((await t.as(owner).delete(`/api/communities/${club.id}/members/${dee.id}?ban=true`)).statusCode).toBe(204);
    expect((await invite(dee)).statusCode).toBe(409);

    expect((await t.as(bob).post(`/api/chat/blocks/${owner.id}`)).statusCode).toBe(200);
    expect((await invite(bob)).statusCode).toBe(404);
    expect((await t.as(owner).post(`/api/communities/${club.id}/invitations`, { user_id: 999_999 })).statusCode).toBe(404);
    expect((await t.as(owner).post(`/api/communities/${club.id}/invitations`, { user_id: 'x' })).statusCode).toBe(400);
    expect((await t.as(owner).post(`/api/communities/${club.id}/invitations`, { username: 'nobody_here' })).statusCode).toBe(404);
    // By user name too, as typed (any case, with or without '@').
    const byName = await t.as(owner).post(`/api/communities/${club.id}/invitations`, { username: `@${eve.username!.toUpperCase()}` });
    expect(byName.statusCode, byName.body).toBe(201);
    expect(byName.json()).toEqual({ community_id: club.id, user_id: eve.id, status: 'invited' });
  });
});

describe('invitations pending', () => {
  it('those with the invite right see who is invited and since when, and withdraw an invitation: the person is told live', async () => {
    const [owner, ann, bob, outsider] = await t.members(4);
    const club = await createCommunity(t, owner, { visibility: 'private', name: 'Night owls' });
    const invite = (user: { id: number }) => t.as(owner).post(`/api/communities/${club.id}/invitations`, { user_id: user.id });
    expect((await invite(ann)).statusCode).toBe(201);
    expect((await invite(bob)).statusCode).toBe(201);

    const list = await t.as(owner).get(`/api/communities/${club.id}/invitations`);
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .invited.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([ann.id, bob.id].sort());
    expect(list.json().invited[0]).toMatchObject({ username: expect.any(String), invited_at: expect.any(String) });
    // Nobody else may read them: neither an outsider nor the invitee has the right.
    expect((await t.as(outsider).get(`/api/communities/${club.id}/invitations`)).statusCode).toBe(404);
    expect((await t.as(ann).get(`/api/communities/${club.id}/invitations`)).statusCode).toBe(404);

    const annSocket = await t.socket(ann);
    expect((await t.as(owner).delete(`/api/communities/${club.id}/invitations/${ann.id}`)).statusCode).toBe(204);
    expect(await annSocket.next('community:membership:changed')).toMatchObject({ community_id: club.id, status: null });
    expect((await t.as(ann).get(`/api/communities/${club.id}`)).json().my_status).toBeNull();
    // Accepting a withdrawn invitation to a private community is only a request to join.
    expect((await t.as(ann).post(`/api/communities/${club.id}/join`)).json()).toMatchObject({ status: 'requested' });
    expect((await t.as(owner).get(`/api/communities/${club.id}/invitations`)).json().invited.map((u: { id: number }) => u.id)).toEqual([
      bob.id,
    ]);

    // Only an invitation can be withdrawn: a request, a member or nobody is 404.
    expect((await t.as(owner).delete(`/api/communities/${club.id}/invitations/${ann.id}`)).statusCode).toBe(404);
    expect((await t.as(owner).delete(`/api/communities/${club.id}/invitations/${owner.id}`)).statusCode).toBe(404);
    expect((await t.as(bob).delete(`/api/communities/${club.id}/invitations/${bob.id}`)).statusCode).toBe(404);

    // The audit log names both, and still reads (an action missing from its list once failed the whole page).
    const audit = await t.as(owner).get(`/api/communities/${club.id}/audit`);
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().entries.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['member.invite', 'member.uninvite']),
    );
  });
});
