import crypto from 'node:crypto';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage, CommunityMessage, ConversationMessage } from '@tribeverse/shared';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { mediaCookie } from '../../../test/support/media.ts';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { createCommunity, inRoom, joinCommunity } from './communities.test-support.ts';

const t = useTestApp({}, { listen: true });
const open: Array<{ disconnect(): void }> = [];
afterEach(() => open.splice(0).forEach((s) => s.disconnect()));

type Channel = { id: number; name: string; kind: string };
const forward = (who: Member, body: Record<string, unknown>) => t.as(who).post('/api/chat/forward', body);
const toChannel = (id: number, channelId: number) => ({ community_id: id, channel_id: channelId });
const channelUrl = (id: number, channelId: number, rest = '') => `/api/communities/${id}/channels/${channelId}${rest}`;
const sendTo = async (who: Member, id: number, channelId: number, text: string) => {
  const res = await t.as(who).post(channelUrl(id, channelId, '/send'), { text });
  expect(res.statusCode).toBe(201);
  return res.json().message as CommunityMessage;
};
const channelHistory = async (who: Member, id: number, channelId: number) =>
  (await t.as(who).get(channelUrl(id, channelId, '/messages'))).json() as CommunityMessage[];
const createGroup = async (creator: Member, others: Member[]) => {
  const res = await t.as(creator).post('/api/chat/groups', { name: 'Park friends', member_ids: others.map((m) => m.id) });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
};
const groupTexts = async (who: Member, groupId: number) =>
  ((await t.as(who).get(`/api/chat/groups/${groupId}/messages`)).json() as ConversationMessage[])
    .filter((m) => !m.system)
    .map((m) => m.text);
const fetchAs = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** A community with its first channel, a text channel and an announcements one; `ann` a plain member. */
async function club() {
  const [owner, ann] = await t.members(2);
  const { id } = await createCommunity(t, owner);
  await joinCommunity(t, id, ann);
  const add = async (body: Record<string, unknown>) => (await t.as(owner).post(`/api/communities/${id}/channels`, body)).json() as Channel;
  const chat = await add({ name: 'chat' });
  const news = await add({ name: 'news', kind: 'announcements' });
  return { owner, ann, id, chat, news };
}

describe('forwarding to and from community channels', () => {
  it('copies a direct message with its file into a channel the member may write to, as any message there', async () => {
    const { owner, ann, id, chat } = await club();
    const [bob] = await t.members(1);
    const sent = await t
      .as(bob)
      .multipart('/api/chat/send', { peer_id: String(ann.id), text: 'notes for the club' }, [
        { field: 'file', filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('bring snacks') },
      ]);
    expect(sent.statusCode).toBe(201);
    const source = sent.json().message as ChatMessage;
    const ownerSocket = await connectRecorder(socketUrl(t.instance), owner.token);
    open.push(ownerSocket.socket);
    await inRoom(ownerSocket, id);

    const clientId = crypto.randomUUID();
    const res = await forward(ann, { message_id: source.id, to: toChannel(id, chat.id), client_id: clientId });
    expect(res.statusCode).toBe(201);
    const copy = res.json().message as CommunityMessage;
    expect(copy).toMatchObject({
      text: 'notes for the club',
      community_id: id,
      channel_id: chat.id,
      sender_id: ann.id,
      client_id: clientId,
      file_name: 'notes.txt',
      forwarded_from: { id: bob.id, username: bob.username },
    });
    expect(await ownerSocket.next('community:message:new', (m) => m.id === copy.id)).toMatchObject({ forwarded_from: { id: bob.id } });
    expect((await channelHistory(owner, id, chat.id)).map((m) => [m.text, m.forwarded_from?.id])).toEqual([['notes for the club', bob.id]]);
    // A file of its own, which the community's members may fetch, with the same bytes.
    expect(path.basename(copy.media_url!)).not.toBe(path.basename(source.media_url!));
    const served = await fetchAs(copy.media_url!, (await mediaCookie(t, owner.auth)).cookie);
    expect([served.statusCode, served.body]).toEqual([200, 'bring snacks']);

    // A retry with the same client id answers the first copy.
    const retry = await forward(ann, { message_id: source.id, to: toChannel(id, chat.id), client_id: clientId });
    expect(retry.json().message.id).toBe(copy.id);
    expect(await channelHistory(owner, id, chat.id)).toHaveLength(1);
  });

  it('copies a channel message into a group, a direct chat and another channel, keeping its first author', async () => {
    const { owner, ann, id, chat } = await club();
    const [cy] = await t.members(1);
    const original = await sendTo(owner, id, chat.id, 'meet at the park');
    const group = await createGroup(ann, [owner, cy]);

    const toGroup = await forward(ann, { message_id: original.id, to: { group_id: group.id } });
    expect(toGroup.statusCode).toBe(201);
    expect(toGroup.json().message as ConversationMessage).toMatchObject({ group_id: group.id, forwarded_from: { id: owner.id } });
    const toCy = await forward(ann, { message_id: original.id, to: { peer_id: cy.id } });
    expect(toCy.json().message as ChatMessage).toMatchObject({
      receiver_id: cy.id,
      text: 'meet at the park',
      forwarded_from: { id: owner.id },
    });
    // The group's copy, passed back into the community's first channel: still the owner's.
    const [general] = (await t.as(ann).get(`/api/communities/${id}/channels`)).json().channels as Channel[];
    const back = await forward(cy, { message_id: toGroup.json().message.id, to: toChannel(id, general!.id) });
    expect([back.statusCode, back.json().code]).toEqual([403, 'NOT_A_MEMBER']);
    await joinCommunity(t, id, cy);
    const again = await forward(cy, { message_id: toGroup.json().message.id, to: toChannel(id, general!.id) });
    expect(again.json().message).toMatchObject({ channel_id: general!.id, sender_id: cy.id, forwarded_from: { id: owner.id } });
    expect(await groupTexts(cy, group.id)).toEqual(['meet at the park']);
  });

  it('refuses a channel the member may not write to, as a send there would', async () => {
    const { owner, ann, id, chat, news } = await club();
    const [outsider, banned, quiet] = await t.members(3);
    await Promise.all([joinCommunity(t, id, banned), joinCommunity(t, id, quiet)]);
    const [other] = (await t.as(owner).get(`/api/communities/${(await createCommunity(t, owner)).id}/channels`)).json()
      .channels as Channel[];
    await t.as(owner).delete(`/api/communities/${id}/members/${banned.id}?ban=true`);
    await t.as(owner).patch(`/api/communities/${id}/members/${quiet.id}`, { timeout_until: new Date(Date.now() + 600_000).toISOString() });
    // Each forwards a direct message of their own, which they may read.
    const sourceOf = async (who: Member) => {
      const res = await t.as(who).post('/api/chat/send', { peer_id: owner.id, text: `from ${who.username}` });
      return res.json().message.id as number;
    };

    for (const [who, to, status, code] of [
      [outsider, toChannel(id, chat.id), 403, 'NOT_A_MEMBER'],
      [banned, toChannel(id, chat.id), 403, 'NOT_A_MEMBER'],
      [quiet, toChannel(id, chat.id), 403, 'TIMED_OUT'],
      [ann, toChannel(id, news.id), 403, 'FORBIDDEN'],
      // A channel of another community, named under this one.
      [ann, toChannel(id, other!.id), 404, 'NOT_FOUND'],
    ] as const) {
      const res = await forward(who, { message_id: await sourceOf(who), to });
      expect([res.statusCode, res.json().code], `${who.username} to ${to.channel_id}`).toEqual([status, code]);
    }
    expect(await channelHistory(owner, id, chat.id)).toEqual([]);
    expect(await channelHistory(owner, id, news.id)).toEqual([]);
    // Moderators and up post in announcements, forwarded or not.
    await t.as(owner).patch(`/api/communities/${id}/members/${ann.id}`, { role: 'moderator' });
    expect((await forward(ann, { message_id: await sourceOf(ann), to: toChannel(id, news.id) })).statusCode).toBe(201);
    expect((await forward(ann, { message_id: await sourceOf(ann), to: { community_id: id } })).statusCode).toBe(400);
  });

  it('refuses a channel message the caller cannot read now: 404', async () => {
    const { owner, ann, id, chat } = await club();
    const [outsider, banned, leaver, late] = await t.members(4);
    await Promise.all([joinCommunity(t, id, banned), joinCommunity(t, id, leaver)]);
    const early = await sendTo(owner, id, chat.id, 'members only');
    const gone = await sendTo(owner, id, chat.id, 'soon deleted');
    expect((await t.as(owner).delete(`/api/communities/${id}/messages/${gone.id}`)).statusCode).toBe(200);
    await t.as(owner).delete(`/api/communities/${id}/members/${banned.id}?ban=true`);
    await t.as(leaver).post(`/api/communities/${id}/leave`);
    await joinCommunity(t, id, late);
    expect((await t.as(late).post(`/api/communities/${id}/clear`)).statusCode).toBe(200);

    for (const [who, messageId] of [
      [outsider, early.id], // never joined
      [banned, early.id],
      [leaver, early.id],
      [late, early.id], // hidden by their own Clear chat
      [ann, gone.id], // deleted
    ] as const) {
      const res = await forward(who, { message_id: messageId, to: { peer_id: owner.id } });
      expect([res.statusCode, res.json().code], `${who.username}`).toEqual([404, 'NOT_FOUND']);
    }
    // A member who may read it passes it on.
    expect((await forward(ann, { message_id: early.id, to: { peer_id: owner.id } })).statusCode).toBe(201);
    // Sent to a group the caller is in by one who cannot read it: nothing arrives.
    const group = await createGroup(outsider, [owner, ann]);
    expect((await forward(outsider, { message_id: early.id, to: { group_id: group.id } })).statusCode).toBe(404);
    expect(await groupTexts(ann, group.id)).toEqual([]);
  });
});
