import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { createCommunity, joinCommunity } from './communities.test-support.ts';

const t = useTestApp({}, { listen: true });

describe('requests to join, live', () => {
  it("tell the community's admins when a request arrives, is withdrawn or is decided, and nobody else", async () => {
    const [owner, admin, member, ann] = await t.members(4);
    const club = await createCommunity(t, owner, { visibility: 'private' });
    await joinCommunity(t, club.id, admin, owner);
    await joinCommunity(t, club.id, member, owner);
    expect((await t.as(owner).patch(`/api/communities/${club.id}/members/${admin.id}`, { role: 'admin' })).statusCode).toBe(200);
    // An admin who muted the community hears no bell, but their open requests tab still follows.
    expect((await t.as(admin).put(`/api/communities/${club.id}/mute`, { muted: true })).statusCode).toBe(200);
    const [ownerSocket, adminSocket, memberSocket, annSocket] = await Promise.all([owner, admin, member, ann].map((m) => t.socket(m)));
    const count = (s: typeof ownerSocket) => s.events.filter((e) => e.name === 'community:requests:changed').length;

    expect((await t.as(ann).post(`/api/communities/${club.id}/join`)).json().status).toBe('requested');
    expect(await ownerSocket.next('community:requests:changed')).toEqual({ community_id: club.id });
    expect(await adminSocket.next('community:requests:changed')).toEqual({ community_id: club.id });

    // Withdrawn: the request leaves the tab.
    expect((await t.as(ann).post(`/api/communities/${club.id}/leave`)).statusCode).toBe(200);
    await expect.poll(() => count(ownerSocket)).toBe(2);
    await expect.poll(() => count(adminSocket)).toBe(2);

    // Approved by another admin: it leaves the owner's tab too.
    await t.as(ann).post(`/api/communities/${club.id}/join`);
    await expect.poll(() => count(ownerSocket)).toBe(3);
    expect((await t.as(admin).post(`/api/communities/${club.id}/requests/${ann.id}/approve`)).statusCode).toBe(200);
    await expect.poll(() => count(ownerSocket)).toBe(4);
    await expect.poll(() => count(adminSocket)).toBe(4);

    // Neither a plain member nor the requester learns of the admins' list.
    expect(memberSocket.names()).not.toContain('community:requests:changed');
    expect(annSocket.names()).not.toContain('community:requests:changed');
  });
});
