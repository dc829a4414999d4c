import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { clubAndOutsider, connectTo, createCommunity, joinCommunity } from './communities.test-support.ts';

const t = useTestApp({}, { listen: true });
const connect = (who: Member, communityId?: number) => connectTo(t, who, communityId);
type Ack = { ok: boolean; code?: string; message: { id: number; text: string; channel_id: number } } & Record<string, unknown>;
const emit = (socket: Socket, event: string, payload: unknown) => new Promise<Ack>((resolve) => socket.emit(event, payload, resolve));
const addChannel = async (who: Member, id: number, name: string) =>
  (await t.as(who).post(`/api/communities/${id}/channels`, { name })).json() as { id: number; name: string };

describe('community channels over the socket', () => {
  it("sends to a channel with channel_id, and every member's socket hears which channel", async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner);
    const other = await createCommunity(t, ann);
    await joinCommunity(t, club.id, ann);
    const chat = await addChannel(owner, club.id, 'chat');
    const elsewhere = await addChannel(ann, other.id, 'elsewhere');
    const o = await connect(owner, club.id);
    const a = await connect(ann, club.id);

    const ack = await emit(a.socket, 'community:send', { community_id: club.id, channel_id: chat.id, text: 'in chat' });
    expect(ack).toMatchObject({ ok: true, message: { text: 'in chat', channel_id: chat.id } });
    expect(await o.next('community:message:new', (m) => m.text === 'in chat')).toMatchObject({
      community_id: club.id,
      channel_id: chat.id,
    });
    const first = await emit(a.socket, 'community:send', { community_id: club.id, text: 'in general' });
    expect(first.message.channel_id).not.toBe(chat.id);
    // A channel of another community under this community's id is not found, whoever is a member of both.
    expect(await emit(a.socket, 'community:send', { community_id: club.id, channel_id: elsewhere.id, text: 'astray' })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });

    // Reading in a channel answers its count and the community's, and the member's other tab hears it.
    const tab2 = await connect(ann, club.id);
    const byOwner = (await t.as(owner).post(`/api/communities/${club.id}/channels/${chat.id}/send`, { text: 'read me' })).json().message;
    expect(await emit(a.socket, 'community:read', { community_id: club.id, channel_id: chat.id, up_to_id: byOwner.id })).toEqual({
      ok: true,
      community_id: club.id,
      unread: 0,
      total_unread: 0,
      channel_id: chat.id,
      channel_unread: 0,
    });
    expect(await tab2.next('community:read', (e) => e.up_to_id === byOwner.id)).toMatchObject({ channel_id: chat.id, channel_unread: 0 });
    expect(
      await emit(a.socket, 'community:read', { community_id: club.id, channel_id: first.message.channel_id, up_to_id: byOwner.id }),
    ).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
  });

  it('tells the room every change of the channel list, and no one outside it', async () => {
    const { owner, outsider, club, theirs, a, o } = await clubAndOutsider(t);

    const chat = await addChannel(owner, club.id, 'chat');
    const added = await a.next('community:channels:changed', (e) => e.channels.length === 2);
    expect(added).toEqual({
      community_id: club.id,
      channels: [
        { id: expect.any(Number), name: 'general', topic: '', kind: 'text', position: 0 },
        { id: chat.id, name: 'chat', topic: '', kind: 'text', position: 1 },
      ],
    });
    await t.as(owner).patch(`/api/communities/${club.id}/channels/${chat.id}`, { name: 'talk', kind: 'announcements' });
    expect(await a.next('community:channels:changed', (e) => e.channels.some((c: { name: string }) => c.name === 'talk'))).toMatchObject({
      channels: [{ name: 'general' }, { id: chat.id, name: 'talk', kind: 'announcements' }],
    });
    await t.as(owner).delete(`/api/communities/${club.id}/channels/${chat.id}`);
    expect((await a.next('community:channels:changed', (e) => e.channels.length === 1)).channels[0].name).toBe('general');

    // The outsider's marker: a change in their own community arrives; none of the club's came before it.
    await addChannel(outsider, theirs.id, 'ours');
    await o.next('community:channels:changed', (e) => e.community_id === theirs.id);
    expect(o.events.filter((e) => e.name === 'community:channels:changed' && e.payload.community_id === club.id)).toEqual([]);
  });

  it("stops every channel's events to a removed member's sockets at once", async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner);
    const marker = await createCommunity(t, owner);
    await joinCommunity(t, club.id, ann);
    await joinCommunity(t, marker.id, ann);
    const chat = await addChannel(owner, club.id, 'chat');
    const a = await connect(ann, club.id);
    const tab2 = await connect(ann, club.id);

    await t.as(owner).delete(`/api/communities/${club.id}/members/${ann.id}`);
    await a.next('community:membership:removed', (e) => e.community_id === club.id);
    await t.as(owner).post(`/api/communities/${club.id}/channels/${chat.id}/send`, { text: 'not for you' });
    await t.as(owner).post(`/api/communities/${club.id}/send`, { text: 'nor this' });
    await addChannel(owner, club.id, 'secret-plans');
    await t.as(owner).post(`/api/communities/${marker.id}/send`, { text: 'marker' });
    for (const s of [a, tab2]) {
      await s.next('community:message:new', (m) => m.text === 'marker');
      const fromClub = s.events.filter(
        (e) => e.name.startsWith('community:') && e.payload?.community_id === club.id && e.name !== 'community:membership:removed',
      );
      expect(fromClub.filter((e) => e.name !== 'community:online')).toEqual([]);
    }
    const refused = await emit(a.socket, 'community:send', { community_id: club.id, channel_id: chat.id, text: 'let me back' });
    expect(refused).toMatchObject({ ok: false, code: 'NOT_A_MEMBER' });
  });
});
