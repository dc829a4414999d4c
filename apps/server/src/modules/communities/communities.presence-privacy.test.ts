import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { createCommunity, inRoom, joinCommunity, watchChat } from './communities.test-support.ts';

const t = useTestApp({}, { listen: true });

type Online = { community_id: number; online_count: number; online: Array<{ id: number }> };
type Recorder = Awaited<ReturnType<typeof t.socket>>;

/** A socket in the community's room with its chat open: its own view names its member. */
const connectIn = async (who: Member, communityId: number) => {
  const client = await t.socket(who);
  await inRoom(client, communityId);
  await watchChat(client, communityId, who);
  return client;
};
const onlineEvents = (client: Recorder, communityId: number, from = 0): Online[] =>
  client.events
    .slice(from)
    .filter((e) => e.name === 'community:online' && e.payload.community_id === communityId)
    .map((e) => e.payload);
const ids = (view: Online) => view.online.map((u) => u.id);

/** What the member's viewer reads over HTTP: the member's online flag in /members, and the /online view and the community's count. */
async function seenBy(viewer: Member, communityId: number, member: Member) {
  const members = (await t.as(viewer).get(`/api/communities/${communityId}/members?limit=50`)).json().members as Array<{
    id: number;
    online: boolean;
  }>;
  const online = (await t.as(viewer).get(`/api/communities/${communityId}/online`)).json() as Online;
  const community = (await t.as(viewer).get(`/api/communities/${communityId}`)).json() as { online_count: number };
  return {
    memberOnline: members.find((m) => m.id === member.id)?.online,
    listed: ids(online).includes(member.id),
    count: online.online_count,
    communityCount: community.online_count,
  };
}

/** Waits until the app has noticed the member is gone from the room (their own view is no longer needed for that). */
async function untilGone(viewer: Member, communityId: number, member: Member) {
  for (;;) {
    const members = (await t.as(viewer).get(`/api/communities/${communityId}/members?limit=50`)).json().members as Array<{
      id: number;
      online: boolean;
    }>;
    if (!members.find((m) => m.id === member.id)?.online) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("community presence with last seen 'nobody'", () => {
  it('neither shows nor counts the member for others, and sends them no event at connect or disconnect', async () => {
    const [owner, hidden, visible] = await t.members(3);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, hidden);
    await joinCommunity(t, club.id, visible);
    expect((await t.as(hidden).patch('/api/settings', { last_seen_visibility: 'nobody' })).statusCode).toBe(200);

    const o = await connectIn(owner, club.id);
    const before = o.events.length;
    // The member sees themself: their own socket hears of them, and their own reads list them.
    const h = await connectIn(hidden, club.id);
    expect(await seenBy(hidden, club.id, hidden)).toEqual({ memberOnline: true, listed: true, count: 2, communityCount: 2 });
    expect(await seenBy(owner, club.id, hidden)).toEqual({ memberOnline: false, listed: false, count: 1, communityCount: 1 });

    h.socket.disconnect();
    await untilGone(hidden, club.id, hidden);
    // The visible member's coming is the positive event to wait for: anything the hidden one caused came before it.
    await connectIn(visible, club.id);
    const after = await o.next('community:online', (e: Online) => e.community_id === club.id && ids(e).includes(visible.id));
    expect(ids(after).sort()).toEqual([owner.id, visible.id].sort());
    expect(after.online_count).toBe(2);
    expect(onlineEvents(o, club.id, before)).toEqual([after]);
  });
});

describe("community presence with last seen 'followers'", () => {
  it('shows and counts the member for followers only; others get no event at connect or disconnect', async () => {
    const [owner, shy, fan, stranger] = await t.members(4);
    const club = await createCommunity(t, owner);
    for (const m of [shy, fan, stranger]) await joinCommunity(t, club.id, m);
    await t.as(fan).post(`/api/users/${shy.id}/follow`);
    expect((await t.as(shy).patch('/api/settings', { last_seen_visibility: 'followers' })).statusCode).toBe(200);

    const f = await connectIn(fan, club.id);
    const s = await connectIn(stranger, club.id);
    const strangerBefore = s.events.length;

    const a = await connectIn(shy, club.id);
    const seenByFan = await f.next('community:online', (e: Online) => e.community_id === club.id && ids(e).includes(shy.id));
    expect(seenByFan.online_count).toBe(3);
    expect(await seenBy(fan, club.id, shy)).toEqual({ memberOnline: true, listed: true, count: 3, communityCount: 3 });
    expect(await seenBy(stranger, club.id, shy)).toEqual({ memberOnline: false, listed: false, count: 2, communityCount: 2 });

    a.socket.disconnect();
    const fanAfter = await f.next('community:online', (e: Online) => e.community_id === club.id && e.online_count === 2);
    expect(ids(fanAfter)).not.toContain(shy.id);

    // The owner's coming is the positive event the stranger waits for: the shy member's moves, before it, sent nothing.
    await connectIn(owner, club.id);
    const marker = await s.next('community:online', (e: Online) => e.community_id === club.id && ids(e).includes(owner.id));
    expect(onlineEvents(s, club.id, strangerBefore)).toEqual([marker]);
    expect(ids(marker)).not.toContain(shy.id);
    expect(s.events.filter((e) => e.name === 'presence:update')).toEqual([]);
  });
});
