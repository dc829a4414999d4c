import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { createCommunity, joinCommunity } from './communities.test-support.ts';

const t = useTestApp({}, { listen: true });
const open: Array<{ socket: { disconnect(): void } }> = [];
afterEach(() => open.splice(0).forEach((s) => s.socket.disconnect()));

describe('inviting a member', () => {
  it('a private community: the invited member is told live, sees the invitation and joins without a request', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner, { visibility: 'private', name: 'Quiet readers' });
    const annSocket = await t.socket(ann);
    open.push(annSocket);

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
