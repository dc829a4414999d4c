import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageHides, pushPreferences } from '../../db/schema/index.ts';
import { withoutTimestamps } from '../../../test/support/body-text.ts';
import { useTestApp, type Member } from '../../../test/support/harness.ts';

const t = useTestApp();

// Through the public API only, as a client would (this file tests another feature's part of the account).
const BERLIN = { lat: 52.52, lng: 13.405 };
const ok = <R extends { statusCode: number; body: string }>(res: R, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res;
};
const createCommunity = async (owner: Member, body: Record<string, unknown> = {}) =>
  ok(await t.as(owner).post('/api/communities', { name: `Club ${Math.random().toString(36).slice(2, 8)}`, ...body }), 201).json() as {
    id: number;
    name: string;
  };
const joinCommunity = async (id: number, who: Member) => ok(await t.as(who).post(`/api/communities/${id}/join`));
const say = async (id: number, who: Member, text: string) => ok(await t.as(who).post(`/api/communities/${id}/send`, { text }), 201);
const turnLocationOn = async (m: Member) => ok(await t.as(m).put('/api/scan/location', BERLIN));

const profile = async (viewer: Member, of: Member) => (await t.as(viewer).get(`/api/users/${of.username}`)).json();
const exportOf = async (m: Member) => {
  const res = await t.as(m).get('/api/account/export');
  expect(res.statusCode).toBe(200);
  return res.json();
};
const remove = async (m: Member) => expect((await t.as(m).delete('/api/account', { password: m.password })).statusCode).toBe(204);

describe('your data across follows, communities and scan', () => {
  it('the export lists follows both ways, community memberships and messages, and the place kept for scans', async () => {
    const [ann, bob] = await t.members(2);
    await t.as(ann).post(`/api/users/${bob.id}/follow`);
    await t.as(bob).post(`/api/users/${ann.id}/follow`);
    const club = await createCommunity(ann, { name: 'Night owls' });
    await say(club.id, ann, 'first light');
    await turnLocationOn(ann);

    const data = await exportOf(ann);
    expect(data.follows.following).toEqual([expect.objectContaining({ user_id: bob.id, username: bob.username })]);
    expect(data.follows.followers).toEqual([expect.objectContaining({ user_id: bob.id })]);
    expect(data.communities.memberships).toEqual([
      expect.objectContaining({ community_id: club.id, community_name: 'Night owls', role: 'owner', state: 'member' }),
    ]);
    expect(data.communities.messages).toEqual([expect.objectContaining({ community_id: club.id, text: 'first light', deleted: false })]);
    expect(data.scan_location).toMatchObject({ visible_until: expect.any(String) });
    // Nothing finer than the city-level cell is kept, so nothing finer is exported.
    expect(withoutTimestamps(JSON.stringify(data.scan_location))).not.toContain(String(BERLIN.lat));
  });

  it('deleting the account ends its follows, hands its community on (telling the heir), deletes an empty one and forgets its place', async () => {
    const [ann, bob, carol, dave] = await t.members(4);
    await t.as(ann).post(`/api/users/${bob.id}/follow`);
    await t.as(bob).post(`/api/users/${ann.id}/follow`);
    await t.as(carol).post(`/api/users/${ann.id}/follow`);
    expect(await profile(bob, bob)).toMatchObject({ followers_count: 1, following_count: 1 });

    // Ann owns a club where Dave has been a member longer but Carol is an admin: the admin takes over.
    const club = await createCommunity(ann);
    await joinCommunity(club.id, dave);
    await joinCommunity(club.id, carol);
    expect((await t.as(ann).patch(`/api/communities/${club.id}/members/${carol.id}`, { role: 'admin' })).statusCode).toBe(200);
    await say(club.id, ann, 'see you all');
    const alone = await createCommunity(ann);
    await turnLocationOn(ann);
    await turnLocationOn(bob);
    const scanned = async () =>
      ok(await t.as(bob).post('/api/scan', { radius: '50km' }))
        .json()
        .people.map((p: { id: number }) => p.id);
    expect(await scanned()).toContain(ann.id);

    await remove(ann);

    expect(await profile(bob, bob)).toMatchObject({ followers_count: 0, following_count: 0 });
    expect(await profile(carol, carol)).toMatchObject({ following_count: 0 });

    const handed = (await t.as(carol).get(`/api/communities/${club.id}`)).json();
    expect(handed.owner.id).toBe(carol.id);
    expect(handed.member_count).toBe(2);
    // Carol is told she owns it now, without naming the deleted account; Dave is told nothing.
    const carolNotes = (await t.as(carol).get('/api/notifications')).json().notifications;
    expect(carolNotes).toEqual([
      expect.objectContaining({
        kind: 'community_owner',
        read: false,
        payload: { community_id: club.id, community_name: club.name, via: 'account_deleted' },
      }),
    ]);
    expect((await t.as(dave).get('/api/notifications')).json().notifications).toEqual([]);
    const members = (await t.as(carol).get(`/api/communities/${club.id}/members`)).json();
    expect(JSON.stringify(members)).not.toContain(`"id":${ann.id},`);
    // What Ann said stays for the others, from 'Deleted member'.
    const history = (await t.as(dave).get(`/api/communities/${club.id}/messages`)).json();
    expect(history).toEqual([
      expect.objectContaining({ text: 'see you all', sender: expect.objectContaining({ name: 'Deleted member', username: null }) }),
    ]);

    expect((await t.as(bob).get(`/api/communities/${alone.id}`)).statusCode).toBe(404);
    expect(await scanned()).not.toContain(ann.id);
  });

  it('the export holds poll answers and notification choices; deleting the account forgets the choices and what only they saw', async () => {
    const [ann, bob, cy] = await t.members(3);
    const group = ok(await t.as(bob).post('/api/chat/groups', { name: 'Pollers', member_ids: [ann.id, cy.id] }), 201).json();
    const poll = ok(
      await t.as(bob).post('/api/polls', { target: { kind: 'group', group_id: group.id }, question: 'Where?', options: ['Park', 'Cafe'] }),
      201,
    ).json().poll;
    const cafe = poll.options.find((o: { text: string }) => o.text === 'Cafe');
    ok(await t.as(ann).put(`/api/polls/${poll.id}/vote`, { option_ids: [cafe.id] }));
    ok(await t.as(ann).patch('/api/push/preferences', { previews: false, mail: { missed_messages: false } }));
    const hidden = ok(await t.as(bob).post('/api/chat/send', { peer_id: ann.id, text: 'gone from my side' }), 201).json().message;
    ok(await t.as(ann).delete(`/api/chat/messages/${hidden.id}/for-me`), 204);

    const data = await exportOf(ann);
    expect(data.poll_votes).toEqual([{ poll_id: poll.id, option: 'Cafe', voted_at: expect.any(String) }]);
    expect(data.notification_preferences).toMatchObject({ previews: false, kinds: { messages: true }, mail: { missed_messages: false } });
    expect((await exportOf(bob)).notification_preferences).toBeNull();

    await remove(ann);
    const rowsOf = async (table: typeof pushPreferences | typeof messageHides) => t.db.select().from(table).where(eq(table.userId, ann.id));
    expect(await rowsOf(pushPreferences)).toEqual([]);
    expect(await rowsOf(messageHides)).toEqual([]);
  });
});
