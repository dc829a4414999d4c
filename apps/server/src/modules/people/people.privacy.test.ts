import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';

const t = useTestApp({}, { listen: true });

/**
 * Ann and the kinds of viewer the settings tell apart: Bob follows her, Cy does not, Dan is blocked by her (each
 * side of a block hides the other), and a signed-out visitor.
 */
async function cast() {
  const [ann, bob, cy, dan] = await t.members(4);
  await t.as(ann).patch('/api/auth/edit-profile', { fullName: 'Ann', username: ann.username, email: ann.email, dob: '1990-04-01' });
  await t.as(bob).post(`/api/users/${ann.id}/follow`);
  await t.as(ann).post(`/api/chat/blocks/${dan.id}`);
  return { ann, bob, cy, dan };
}

const FIELDS = [
  ['phone_visibility', 'phone_number'],
  ['dob_visibility', 'dob'],
  ['location_visibility', 'country'],
] as const;

describe('privacy of profile details', () => {
  it.each(FIELDS)('%s decides who sees %s: everyone, followers, nobody', async (setting, field) => {
    const { ann, bob, cy, dan } = await cast();
    const see = async (viewer: Member | null) => {
      const res = await t.as(viewer).get(`/api/users/${ann.username}`);
      return res.statusCode === 404 ? 'hidden profile' : field in res.json();
    };
    const expected = {
      everyone: { self: true, follower: true, other: true, visitor: true },
      followers: { self: true, follower: true, other: false, visitor: false },
      nobody: { self: true, follower: false, other: false, visitor: false },
    } as const;
    for (const audience of ['everyone', 'followers', 'nobody'] as const) {
      expect((await t.as(ann).patch('/api/settings', { [setting]: audience })).json()[setting]).toBe(audience);
      expect({
        self: await see(ann),
        follower: await see(bob),
        other: await see(cy),
        visitor: await see(null),
      }).toEqual(expected[audience]);
      // A blocked member never gets the profile at all.
      expect(await see(dan)).toBe('hidden profile');
    }
    // The value itself, where it shows, is the real one.
    await t.as(ann).patch('/api/settings', { [setting]: 'everyone' });
    const shown = (await t.as(cy).get(`/api/users/${ann.username}`)).json();
    expect(shown[field]).toEqual({ phone_number: expect.stringMatching(/^\+234/), dob: '1990-04-01', country: 'NG' }[field]);
  });

  it('profile visibility "members" hides the page from signed-out visitors only', async () => {
    const { ann, cy, dan } = await cast();
    expect((await t.as(null).get(`/api/users/${ann.username}`)).statusCode).toBe(200);
    await t.as(ann).patch('/api/settings', { profile_visibility: 'members' });
    expect((await t.as(null).get(`/api/users/${ann.username}`)).statusCode).toBe(404);
    expect((await t.as(cy).get(`/api/users/${ann.username}`)).statusCode).toBe(200);
    expect((await t.as(dan).get(`/api/users/${ann.username}`)).statusCode).toBe(404);
  });

  it('refuses unknown values for every privacy setting', async () => {
    const ann = await t.member();
    for (const key of [
      'phone_visibility',
      'dob_visibility',
      'location_visibility',
      'last_seen_visibility',
      'profile_visibility',
      'message_permission',
    ]) {
      const res = await t.as(ann).patch('/api/settings', { [key]: 'friends' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('who may message me', () => {
  it('"people I follow" lets only them write, over REST and the socket, and says so on the profile and in chat', async () => {
    const { ann, bob, cy, dan } = await cast();
    await t.as(ann).post(`/api/users/${bob.id}/follow`);
    await t.as(ann).patch('/api/settings', { message_permission: 'following' });

    expect((await t.as(bob).post('/api/chat/send', { peer_id: ann.id, text: 'hi from a followed member' })).statusCode).toBe(201);
    const refused = await t.as(cy).post('/api/chat/send', { peer_id: ann.id, text: 'hi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'MESSAGES_RESTRICTED' });
    expect((await t.as(dan).post('/api/chat/send', { peer_id: ann.id, text: 'hi' })).json().code).toBe('BLOCKED');

    const c = await t.socket(cy);
    const ack = await new Promise<any>((resolve) => c.socket.emit('message:send', { peer_id: ann.id, text: 'hi' }, resolve));
    expect(ack).toMatchObject({ ok: false, code: 'MESSAGES_RESTRICTED' });

    expect((await t.as(bob).get(`/api/users/${ann.username}`)).json().can_message).toBe(true);
    expect((await t.as(cy).get(`/api/users/${ann.username}`)).json().can_message).toBe(false);
    expect((await t.as(cy).get(`/api/chat/peers/${ann.id}`)).json().can_message).toBe(false);
    const listed = async (viewer: Member) =>
      (await t.as(viewer).get(`/api/chat/users?search=${ann.username}`)).json().users.some((u: { id: number }) => u.id === ann.id);
    expect(await listed(bob)).toBe(true);
    expect(await listed(cy)).toBe(false);

    await t.as(ann).patch('/api/settings', { message_permission: 'everyone' });
    expect((await t.as(cy).post('/api/chat/send', { peer_id: ann.id, text: 'now I can' })).statusCode).toBe(201);
  });
});

describe('last seen for followers only', () => {
  it('shows last seen to followers and hides it from others, in REST and in presence events', async () => {
    const { ann, bob, cy, dan } = await cast();
    await t.as(ann).patch('/api/settings', { last_seen_visibility: 'followers' });
    const [b, c, d] = [await t.socket(bob), await t.socket(cy), await t.socket(dan)];
    const watch = (s: typeof b) => new Promise<any>((resolve) => s.socket.emit('presence:watch', { peer_id: ann.id }, resolve));
    expect(await watch(b)).toEqual({ ok: true });
    expect(await watch(c)).toEqual({ ok: true });
    expect(await watch(d)).toMatchObject({ ok: false, code: 'BLOCKED' });

    const a = await t.socket(ann);
    expect(await b.next('presence:update', (p) => p.user_id === ann.id && p.online)).toEqual({
      user_id: ann.id,
      online: true,
      last_seen: null,
    });
    a.socket.disconnect();
    const seen = await b.next('presence:update', (p) => p.user_id === ann.id && !p.online);
    expect(seen.last_seen).toEqual(expect.any(String));

    expect((await t.as(bob).get(`/api/chat/peers/${ann.id}`)).json().peer).toMatchObject({ last_seen: seen.last_seen });
    expect((await t.as(cy).get(`/api/chat/peers/${ann.id}`)).json().peer).toMatchObject({ online: false, last_seen: null });
    expect((await t.as(dan).get(`/api/chat/peers/${ann.id}`)).json().peer).toMatchObject({ online: false, last_seen: null });

    // Events reach a socket in order: once Dan hears of a later follow, a presence update sent before it would be here.
    await t.as(cy).post(`/api/users/${dan.id}/follow`);
    await d.next('follow:updated', (e) => e.followee_id === dan.id);
    expect(d.events.filter((e) => e.name === 'presence:update' && e.payload.user_id === ann.id)).toEqual([]);

    // Following her shows Cy her last seen at once, in his open chat and over REST.
    await t.as(cy).post(`/api/users/${ann.id}/follow`);
    expect(await c.next('presence:update', (p) => p.user_id === ann.id && p.last_seen !== null)).toEqual({
      user_id: ann.id,
      online: false,
      last_seen: seen.last_seen,
    });
    // ...and that was the first he heard of her: nothing, not even an empty update, when she came and went before.
    expect(c.events.filter((e) => e.name === 'presence:update').map((e) => e.payload)).toEqual([
      { user_id: ann.id, online: false, last_seen: seen.last_seen },
    ]);
    expect((await t.as(cy).get(`/api/chat/peers/${ann.id}`)).json().peer).toMatchObject({ last_seen: seen.last_seen });
  });
});
