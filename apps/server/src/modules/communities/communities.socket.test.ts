import { describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { clubAndOutsider, connectTo, createCommunity, joinCommunity, send, watchChat } from './communities.test-support.ts';

const t = useTestApp({}, { listen: true });
const connect = (who: Member, communityId?: number) => connectTo(t, who, communityId);
/** An ack as the client reads it: ok with the message (or the read counts), or a code. */
type Ack = { ok: boolean; code?: string; message: { id: number; text: string } } & Record<string, unknown>;
const emit = (socket: Socket, event: string, payload: unknown) => new Promise<Ack>((resolve) => socket.emit(event, payload, resolve));
const messagesIn = (client: { events: Array<{ name: string; payload: { community_id: number; text: string } }> }, communityId: number) =>
  client.events.filter((e) => e.name === 'community:message:new' && e.payload.community_id === communityId).map((e) => e.payload.text);

describe('community chat over the socket', () => {
  it('delivers a message once to every member connected, and to no one else', async () => {
    const { owner, outsider, club, theirs, a, o } = await clubAndOutsider(t);
    const ownerSocket = await connect(owner, club.id);
    const ownerOtherTab = await connect(owner, club.id);

    const clientId = crypto.randomUUID();
    const ack = await emit(ownerSocket.socket, 'community:send', { community_id: club.id, text: 'hello club', client_id: clientId });
    expect(ack).toMatchObject({ ok: true, message: { text: 'hello club', community_id: club.id, sender: { id: owner.id } } });
    const retry = await emit(ownerSocket.socket, 'community:send', { community_id: club.id, text: 'hello club', client_id: clientId });
    expect(retry.message.id).toBe(ack.message.id);
    await send(t, club.id, owner, 'second');
    await a.next('community:message:new', (m) => m.text === 'second');
    expect(messagesIn(a, club.id)).toEqual(['hello club', 'second']);
    // The tab that sent it has it in its ack and is not sent it again; the owner's other tab is. (The HTTP send has no
    // ack on a socket: every tab hears it.)
    await ownerSocket.next('community:message:new', (m) => m.text === 'second');
    await ownerOtherTab.next('community:message:new', (m) => m.text === 'second');
    expect(messagesIn(ownerSocket, club.id)).toEqual(['second']);
    expect(messagesIn(ownerOtherTab, club.id)).toEqual(['hello club', 'second']);

    // The outsider hears only their own community: its message arrives, the club's never did before it.
    await send(t, theirs.id, outsider, 'our own');
    await o.next('community:message:new', (m) => m.text === 'our own');
    expect(o.events.filter((e) => e.name === 'community:message:new').map((e) => e.payload.text)).toEqual(['our own']);
    expect((await emit(o.socket, 'community:send', { community_id: club.id, text: 'sneaking in' })).code).toBe('NOT_A_MEMBER');
  });

  it('counts the members with the chat open now, once per member, with their avatars', async () => {
    const [owner, ann, outsider] = await t.members(3);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, ann);
    const o = await connect(owner, club.id);
    const a = await connect(ann, club.id);
    const annOtherTab = await connect(ann, club.id);
    // Connected is not chatting: nobody has the chat open yet.
    expect((await t.as(owner).get(`/api/communities/${club.id}`)).json().online_count).toBe(0);
    await watchChat(o, club.id, owner);
    await watchChat(a, club.id, ann);
    await watchChat(annOtherTab, club.id, ann);
    const both = await o.next('community:online', (e) => e.community_id === club.id && e.online_count === 2);
    expect(both.online.map((u: { id: number }) => u.id).sort()).toEqual([owner.id, ann.id].sort());
    expect((await t.as(owner).get(`/api/communities/${club.id}`)).json().online_count).toBe(2);
    expect((await t.as(owner).get(`/api/communities/${club.id}/online`)).json().online_count).toBe(2);

    // One of two tabs closing the chat leaves the member counted; the last one takes them out.
    await emit(a.socket, 'community:unwatch', {});
    annOtherTab.socket.disconnect();
    const after = await o.next('community:online', (e) => e.community_id === club.id && e.online_count === 1);
    expect(after.online).toEqual([expect.objectContaining({ id: owner.id })]);

    // Back in the chat, then removed from the community: no longer counted, at once.
    await watchChat(a, club.id, ann);
    await o.next('community:online', (e) => e.community_id === club.id && e.online_count === 2);
    await t.as(owner).delete(`/api/communities/${club.id}/members/${ann.id}`);
    await o.next('community:online', (e) => e.community_id === club.id && e.online_count === 1);
    expect(await emit(a.socket, 'community:watch', { community_id: club.id })).toMatchObject({ ok: false, code: 'NOT_A_MEMBER' });
    const stranger = await connect(outsider);
    expect(await emit(stranger.socket, 'community:watch', { community_id: club.id })).toMatchObject({ ok: false, code: 'NOT_A_MEMBER' });
    expect((await t.as(owner).get(`/api/communities/${club.id}/online`)).json().online_count).toBe(1);
  });

  it('puts a member’s open socket in the room the moment they join, and takes it out when they leave', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner);
    const a = await connect(ann);
    await joinCommunity(t, club.id, ann);
    await send(t, club.id, owner, 'welcome');
    await a.next('community:message:new', (m) => m.text === 'welcome');

    await t.as(ann).post(`/api/communities/${club.id}/leave`);
    await send(t, club.id, owner, 'after you left');
    const other = await createCommunity(t, ann);
    await send(t, other.id, ann, 'marker');
    await a.next('community:message:new', (m) => m.text === 'marker');
    expect(messagesIn(a, club.id)).toEqual(['welcome']);
  });

  for (const ban of [false, true])
    it(`cuts a ${ban ? 'banned' : 'removed'} member's open sockets off at once`, async () => {
      const [owner, ann] = await t.members(2);
      const club = await createCommunity(t, owner);
      const marker = await createCommunity(t, owner);
      await joinCommunity(t, club.id, ann);
      await joinCommunity(t, marker.id, ann);
      const a = await connect(ann, club.id);
      const tab2 = await connect(ann, club.id);
      await t.as(owner).delete(`/api/communities/${club.id}/members/${ann.id}${ban ? '?ban=true' : ''}`);
      expect(await a.next('community:membership:removed')).toEqual({
        community_id: club.id,
        user_id: ann.id,
        reason: ban ? 'banned' : 'removed',
      });
      await send(t, club.id, owner, 'not for you');
      await send(t, marker.id, owner, 'marker');
      for (const s of [a, tab2]) {
        await s.next('community:message:new', (m) => m.text === 'marker');
        expect(messagesIn(s, club.id)).toEqual([]);
      }
      expect((await emit(a.socket, 'community:send', { community_id: club.id, text: 'let me back' })).ok).toBe(false);
    });

  it('refuses a timed-out member’s socket send, and reads move the unread count in every tab', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, ann);
    const a = await connect(ann, club.id);
    const tab2 = await connect(ann, club.id);
    await t
      .as(owner)
      .patch(`/api/communities/${club.id}/members/${ann.id}`, { timeout_until: new Date(Date.now() + 600_000).toISOString() });
    expect(await emit(a.socket, 'community:send', { community_id: club.id, text: 'hi' })).toMatchObject({ ok: false, code: 'TIMED_OUT' });
    const message = (await send(t, club.id, owner, 'read me')).json().message;
    expect(await emit(a.socket, 'community:read', { community_id: club.id, up_to_id: message.id })).toEqual({
      ok: true,
      community_id: club.id,
      unread: 0,
      total_unread: 0,
      channel_id: message.channel_id,
      channel_unread: 0,
    });
    expect(await tab2.next('community:read')).toMatchObject({ community_id: club.id, up_to_id: message.id, unread: 0 });
    expect(await emit(a.socket, 'community:send', { community_id: 'x', text: '' })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });
});
