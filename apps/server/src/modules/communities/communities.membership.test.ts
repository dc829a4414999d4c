import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { getResolution, isValidCell } from 'h3-js';
import { useTestApp } from '../../../test/support/harness.ts';
import { mediaCookie } from '../../../test/support/media.ts';
import { createCommunity, joinCommunity, send, texts } from './communities.test-support.ts';

const t = useTestApp();

describe('community membership', () => {
  it('creates a community owned by its creator, keeping only a city-level cell of its place', async () => {
    const owner = await t.member();
    const res = await t.as(owner).post('/api/communities', {
      name: 'Lagos Hikers',
      description: 'Weekend walks',
      visibility: 'public',
      paid: true,
      place: { name: 'Lagos', lat: 6.5244, lng: 3.3792 },
    });
    expect(res.statusCode).toBe(201);
    const community = res.json();
    expect(community).toMatchObject({
      name: 'Lagos Hikers',
      paid: true,
      place: { name: 'Lagos' },
      member_count: 1,
      my_role: 'owner',
      my_status: 'member',
    });
    expect(res.body).not.toContain('6.5244');
    const rows = (await t.db.execute(sql`select place_cell from communities where id = ${community.id}`)) as unknown as
      { rows: Array<{ place_cell: string }> } | Array<{ place_cell: string }>;
    const cell = (Array.isArray(rows) ? rows : rows.rows)[0]!.place_cell;
    expect(isValidCell(cell) && getResolution(cell)).toBe(5);
  });

  it('lets anyone join a public community at once, and lists the member’s own first', async () => {
    const [owner, ann] = await t.members(2);
    const mine = await createCommunity(t, ann);
    const other = await createCommunity(t, owner);
    const join = await t.as(ann).post(`/api/communities/${other.id}/join`);
    expect(join.json()).toEqual({ community_id: other.id, status: 'member' });
    expect((await t.as(ann).get(`/api/communities/${other.id}`)).json()).toMatchObject({
      member_count: 2,
      my_status: 'member',
      my_role: 'member',
    });
    const list = (await t.as(ann).get('/api/communities?mine=true')).json();
    expect(list.communities.map((c: { id: number }) => c.id)).toEqual([other.id, mine.id]);
  });

  it('keeps a private community’s content from non-members until an admin approves, and tells the requester', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner, { visibility: 'private' });
    await send(t, club.id, owner, 'members only');
    expect((await t.as(ann).get(`/api/communities/${club.id}/messages`)).statusCode).toBe(404);
    expect((await send(t, club.id, ann, 'let me in')).statusCode).toBe(404);
    expect((await t.as(ann).get(`/api/communities/${club.id}`)).json()).toMatchObject({ name: club.name, my_status: null });

    expect((await t.as(ann).post(`/api/communities/${club.id}/join`)).json()).toEqual({ community_id: club.id, status: 'requested' });
    expect((await t.as(ann).get(`/api/communities/${club.id}/messages`)).statusCode).toBe(404);
    const requests = (await t.as(owner).get(`/api/communities/${club.id}/requests`)).json();
    expect(requests.requests.map((r: { user: { id: number } }) => r.user.id)).toEqual([ann.id]);
    expect((await t.as(ann).get(`/api/communities/${club.id}/requests`)).statusCode).toBe(404);

    expect((await t.as(owner).post(`/api/communities/${club.id}/requests/${ann.id}/approve`)).statusCode).toBe(200);
    expect(texts(await t.as(ann).get(`/api/communities/${club.id}/messages`))).toEqual(['members only']);
    const notes = (await t.as(ann).get('/api/notifications')).json().notifications;
    expect(notes[0]).toMatchObject({ kind: 'community_request_approved', payload: { community_id: club.id } });
  });

  it('tells a declined requester, who stays out', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner, { visibility: 'private' });
    await t.as(ann).post(`/api/communities/${club.id}/join`);
    expect((await t.as(owner).post(`/api/communities/${club.id}/requests/${ann.id}/decline`)).statusCode).toBe(200);
    expect((await t.as(ann).get(`/api/communities/${club.id}/messages`)).statusCode).toBe(404);
    const notes = (await t.as(ann).get('/api/notifications')).json().notifications;
    expect(notes[0]).toMatchObject({ kind: 'community_request_declined', payload: { community_id: club.id } });
  });

  it('lets a member in by invite link, refusing expired, used-up and revoked links', async () => {
    const [owner, ann, bob, cat] = await t.members(4);
    const club = await createCommunity(t, owner, { visibility: 'private' });
    const invite = (await t.as(owner).post(`/api/communities/${club.id}/invites`, { max_uses: 1 })).json();
    expect(invite.url).toContain(`/invite/${invite.code}`);
    expect(Date.parse(invite.expires_at) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect((await t.as(owner).post(`/api/communities/${club.id}/invites`, { expires_in_hours: 24 * 7 + 1 })).statusCode).toBe(400);
    expect((await t.as(ann).post(`/api/communities/${club.id}/invites`)).statusCode).toBe(404);

    expect((await t.as(ann).post(`/api/invites/${invite.code}/accept`)).json()).toEqual({ community_id: club.id, status: 'member' });
    const usedUp = await t.as(bob).post(`/api/invites/${invite.code}/accept`);
    expect([usedUp.statusCode, usedUp.json().code]).toEqual([410, 'INVITE_USED_UP']);

    const expiring = (await t.as(owner).post(`/api/communities/${club.id}/invites`, {})).json();
    await t.db.execute(sql`update community_invites set expires_at = now() - interval '1 minute' where code = ${expiring.code}`);
    const expired = await t.as(bob).post(`/api/invites/${expiring.code}/accept`);
    expect([expired.statusCode, expired.json().code]).toEqual([410, 'INVITE_EXPIRED']);

    const revocable = (await t.as(owner).post(`/api/communities/${club.id}/invites`, {})).json();
    expect((await t.as(owner).delete(`/api/communities/${club.id}/invites/${revocable.code}`)).statusCode).toBe(204);
    const revoked = await t.as(cat).post(`/api/invites/${revocable.code}/accept`);
    expect([revoked.statusCode, revoked.json().code]).toEqual([410, 'INVITE_REVOKED']);
    expect((await t.as(bob).get(`/api/communities/${club.id}/messages`)).statusCode).toBe(404);
  });

  it('keeps a banned member from rejoining, requesting or using an invite', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, ann);
    expect((await t.as(owner).delete(`/api/communities/${club.id}/members/${ann.id}?ban=true`)).statusCode).toBe(204);
    const again = await t.as(ann).post(`/api/communities/${club.id}/join`);
    expect([again.statusCode, again.json().code]).toEqual([403, 'BANNED']);
    const invite = (await t.as(owner).post(`/api/communities/${club.id}/invites`, {})).json();
    expect((await t.as(ann).post(`/api/invites/${invite.code}/accept`)).json().code).toBe('BANNED');
    expect((await t.as(ann).get(`/api/communities/${club.id}/messages`)).statusCode).toBe(403);
    // Lifting the ban lets them join again.
    expect((await t.as(owner).delete(`/api/communities/${club.id}/bans/${ann.id}`)).statusCode).toBe(204);
    expect((await t.as(ann).post(`/api/communities/${club.id}/join`)).json().status).toBe('member');
  });

  it('lets a member leave at once and tells only the admins; the owner must hand over first', async () => {
    const [owner, ann, bob] = await t.members(3);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, ann);
    await joinCommunity(t, club.id, bob);
    const ownerLeaves = await t.as(owner).post(`/api/communities/${club.id}/leave`);
    expect([ownerLeaves.statusCode, ownerLeaves.json().code]).toEqual([409, 'OWNER_MUST_TRANSFER']);

    expect((await t.as(ann).post(`/api/communities/${club.id}/leave`)).statusCode).toBe(200);
    expect((await t.as(ann).get(`/api/communities/${club.id}/messages`)).statusCode).toBe(403);
    const ownerNotes = (await t.as(owner).get('/api/notifications')).json().notifications;
    expect(ownerNotes[0]).toMatchObject({ kind: 'community_member_left', payload: { community_id: club.id, actor_id: ann.id } });
    expect((await t.as(bob).get('/api/notifications')).json().notifications).toEqual([]);

    const wrong = await t.as(owner).post(`/api/communities/${club.id}/transfer`, { user_id: bob.id, password: 'not-it-1!' });
    expect(wrong.statusCode).toBe(400);
    const handed = await t.as(owner).post(`/api/communities/${club.id}/transfer`, { user_id: bob.id, password: owner.password });
    expect(handed.json()).toMatchObject({ owner: { id: bob.id }, my_role: 'admin' });
    expect((await t.as(owner).post(`/api/communities/${club.id}/leave`)).statusCode).toBe(200);
  });

  it('tells the new owner who handed the community over; a refused hand-over tells nobody', async () => {
    const owner = await t.member({ fullName: 'Olu Owner' });
    const [ann, bob] = await t.members(2);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, ann);
    await joinCommunity(t, club.id, bob);
    const notesOf = async (m: typeof ann) => (await t.as(m).get('/api/notifications')).json().notifications;

    const wrong = await t.as(owner).post(`/api/communities/${club.id}/transfer`, { user_id: ann.id, password: 'not-it-1!' });
    expect(wrong.statusCode).toBe(400);
    expect((await t.as(ann).get(`/api/communities/${club.id}`)).json()).toMatchObject({ owner: { id: owner.id }, my_role: 'member' });
    expect(await notesOf(ann)).toEqual([]);

    const handed = await t.as(owner).post(`/api/communities/${club.id}/transfer`, { user_id: ann.id, password: owner.password });
    expect(handed.statusCode).toBe(200);
    const notes = await notesOf(ann);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: 'community_owner',
      read: false,
      payload: {
        via: 'transfer',
        actor_id: owner.id,
        username: owner.username,
        name: 'Olu Owner',
        community_id: club.id,
        community_name: club.name,
      },
    });
    expect((await t.as(ann).get('/api/notifications/unread-count')).json()).toMatchObject({ unreadCount: 1 });
    expect(await notesOf(bob)).toEqual([]);
    expect(await notesOf(owner)).toEqual([]);
  });

  it('deletes a community only for its owner, with the password', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, ann);
    expect((await t.as(ann).delete(`/api/communities/${club.id}`, { password: ann.password })).statusCode).toBe(403);
    expect((await t.as(owner).delete(`/api/communities/${club.id}`, { password: 'wrong-pass-1!' })).statusCode).toBe(400);
    const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const sent = await t.as(ann).multipart(`/api/communities/${club.id}/send`, {}, [{ field: 'file', filename: 'p.png', data: picture }]);
    const url = sent.json().message.media_url as string;
    const annCookie = await mediaCookie(t, ann.auth);
    expect((await t.app.inject({ method: 'GET', url, headers: annCookie })).statusCode).toBe(200);
    expect((await t.as(owner).delete(`/api/communities/${club.id}`, { password: owner.password })).statusCode).toBe(204);
    expect((await t.as(ann).get(`/api/communities/${club.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: annCookie })).statusCode).toBe(404);
  });

  it('answers 401 without a session and 400 to a bad cursor, never a 5xx', async () => {
    const owner = await t.member();
    expect((await t.as(null).get('/api/communities')).statusCode).toBe(401);
    expect((await t.as(owner).get('/api/communities?before=1:99999999999')).statusCode).toBe(400);
    expect((await t.as(owner).get('/api/communities?before=nonsense')).statusCode).toBe(400);
    const club = await createCommunity(t, owner);
    expect((await t.as(owner).get(`/api/communities/${club.id}/members?before=9:1`)).statusCode).toBe(400);
    expect((await t.as(owner).post('/api/communities', { name: ' ' })).statusCode).toBe(400);
    expect((await t.as(owner).post('/api/communities', { name: 'x', interests: ['Not an interest at all'] })).json().code).toBe(
      'UNKNOWN_INTEREST',
    );
  });

  it('tells an admin who muted the community nothing of members leaving', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, ann);
    await t.as(owner).put(`/api/communities/${club.id}/mute`, { muted: true });
    await t.as(ann).post(`/api/communities/${club.id}/leave`);
    const other = await createCommunity(t, owner);
    await joinCommunity(t, other.id, ann);
    await t.as(ann).post(`/api/communities/${other.id}/leave`);
    const notes = (await t.as(owner).get('/api/notifications')).json().notifications;
    expect(notes.map((n: { payload: { community_id: number } }) => n.payload.community_id)).toEqual([other.id]);
  });
});
