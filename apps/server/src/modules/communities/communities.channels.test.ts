import { CONVERSATION_LIMITS } from '@tribeverse/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { createCommunity, joinCommunity, send } from './communities.test-support.ts';

const t = useTestApp();

type Channel = { id: number; name: string; topic: string; kind: string; position: number; unread: number; muted: boolean };
const channelsOf = async (who: Member, id: number) => (await t.as(who).get(`/api/communities/${id}/channels`)).json().channels as Channel[];
const addChannel = (who: Member, id: number, body: Record<string, unknown>) => t.as(who).post(`/api/communities/${id}/channels`, body);
const sendTo = (who: Member, id: number, channelId: number, text: string) =>
  t.as(who).post(`/api/communities/${id}/channels/${channelId}/send`, { text });
const historyOf = async (who: Member, id: number, channelId: number, query = '') =>
  (
    (await t.as(who).get(`/api/communities/${id}/channels/${channelId}/messages${query}`)).json() as Array<{ id: number; text: string }>
  ).map((m) => m.text);

/** A community with a second channel, an announcements one, and a plain member. */
async function club(visibility: 'public' | 'private' = 'public') {
  const [owner, ann] = await t.members(2);
  const community = await createCommunity(t, owner, { visibility });
  await joinCommunity(t, community.id, ann, owner);
  const news = (
    await addChannel(owner, community.id, { name: 'News Room', topic: 'What is new', kind: 'announcements' })
  ).json() as Channel;
  const [general] = await channelsOf(owner, community.id);
  return { owner, ann, id: community.id, general: general!, news };
}

describe('community channels: the list', () => {
  it('starts with the first channel; admins add, rename, move and delete the others, members may not', async () => {
    const { owner, ann, id, general, news } = await club();
    expect(general).toEqual({ id: general.id, name: 'general', topic: '', kind: 'text', position: 0, unread: 0, muted: false });
    expect(news).toMatchObject({ name: 'news-room', topic: 'What is new', kind: 'announcements', position: 1, unread: 0, muted: false });

    expect((await addChannel(ann, id, { name: 'mine' })).statusCode).toBe(403);
    expect((await t.as(ann).patch(`/api/communities/${id}/channels/${news.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await t.as(ann).delete(`/api/communities/${id}/channels/${news.id}`)).statusCode).toBe(403);
    const taken = await addChannel(owner, id, { name: 'GENERAL' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', field: 'name' });
    expect((await addChannel(owner, id, { name: 'bad name!' })).statusCode).toBe(400);

    const a = (await addChannel(owner, id, { name: 'a' })).json() as Channel;
    const b = (await addChannel(owner, id, { name: 'b' })).json() as Channel;
    expect((await t.as(owner).patch(`/api/communities/${id}/channels/${b.id}`, { position: 1 })).json()).toMatchObject({
      id: b.id,
      position: 1,
    });
    // The first channel stays first whatever it is asked.
    await t.as(owner).patch(`/api/communities/${id}/channels/${general.id}`, { position: 3, topic: 'Say hi' });
    expect((await channelsOf(ann, id)).map((c) => [c.name, c.position])).toEqual([
      ['general', 0],
      ['b', 1],
      ['news-room', 2],
      ['a', 3],
    ]);
    expect((await t.as(owner).patch(`/api/communities/${id}/channels/${a.id}`, { name: 'b' })).statusCode).toBe(409);
    expect((await t.as(owner).patch(`/api/communities/${id}/channels/${a.id}`, { name: 'Chit Chat' })).json()).toMatchObject({
      name: 'chit-chat',
    });

    const first = await t.as(owner).delete(`/api/communities/${id}/channels/${general.id}`);
    expect(first.statusCode).toBe(409);
    expect((await t.as(owner).delete(`/api/communities/${id}/channels/${b.id}`)).statusCode).toBe(204);
    expect((await t.as(owner).delete(`/api/communities/${id}/channels/${b.id}`)).statusCode).toBe(404);
    expect((await channelsOf(owner, id)).map((c) => [c.name, c.position])).toEqual([
      ['general', 0],
      ['news-room', 1],
      ['chit-chat', 2],
    ]);
  });

  it(`holds at most ${CONVERSATION_LIMITS.channelsPerCommunity} channels`, async () => {
    const [owner] = await t.members(1);
    const { id } = await createCommunity(t, owner);
    for (let i = 1; i < CONVERSATION_LIMITS.channelsPerCommunity; i++)
      expect((await addChannel(owner, id, { name: `c${i}` })).statusCode).toBe(201);
    const over = await addChannel(owner, id, { name: 'one-too-many' });
    expect(over.statusCode).toBe(409);
    expect((await channelsOf(owner, id)).length).toBe(CONVERSATION_LIMITS.channelsPerCommunity);
  });

  it('answers an outsider of a private community 404, and a channel of another community 404', async () => {
    const { id, news } = await club('private');
    const [outsider] = await t.members(1);
    const theirs = await createCommunity(t, outsider);
    expect((await t.as(outsider).get(`/api/communities/${id}/channels`)).statusCode).toBe(404);
    expect((await t.as(outsider).get(`/api/communities/${id}/channels/${news.id}/messages`)).statusCode).toBe(404);
    expect((await sendTo(outsider, id, news.id, 'hello?')).statusCode).toBe(404);
    expect((await addChannel(outsider, id, { name: 'mine' })).statusCode).toBe(404);
    // Their own community's path with this community's channel: not theirs to reach.
    expect((await t.as(outsider).get(`/api/communities/${theirs.id}/channels/${news.id}/messages`)).statusCode).toBe(404);
    expect((await sendTo(outsider, theirs.id, news.id, 'sneaking')).statusCode).toBe(404);
    expect((await t.as(outsider).get(`/api/communities/${theirs.id}/channels`)).statusCode).toBe(200);
  });
});

describe('community channels: messages', () => {
  it("keeps each channel's messages apart; /messages and /send are the first channel's", async () => {
    const { owner, ann, id, general, news } = await club();
    const chat = (await addChannel(owner, id, { name: 'chat' })).json() as Channel;
    expect((await sendTo(ann, id, chat.id, 'in chat')).json().message).toMatchObject({ community_id: id, channel_id: chat.id });
    expect((await send(t, id, ann, 'in general')).json().message.channel_id).toBe(general.id);
    expect(await historyOf(owner, id, chat.id)).toEqual(['in chat']);
    expect(await historyOf(owner, id, general.id)).toEqual(['in general']);
    expect(((await t.as(owner).get(`/api/communities/${id}/messages`)).json() as Array<{ text: string }>).map((m) => m.text)).toEqual([
      'in general',
    ]);
    expect(await historyOf(owner, id, news.id)).toEqual([]);

    // A file goes to a channel as to /send, multipart.
    const withFile = await t
      .as(ann)
      .multipart(`/api/communities/${id}/channels/${chat.id}/send`, { text: 'notes' }, [
        { field: 'file', filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('hello') },
      ]);
    expect(withFile.statusCode).toBe(201);
    expect(withFile.json().message).toMatchObject({ channel_id: chat.id, file_name: 'notes.txt' });
  });

  it('lets only moderators and up post in an announcements channel', async () => {
    const { owner, ann, id, news } = await club();
    const refused = await sendTo(ann, id, news.id, 'me too');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await sendTo(owner, id, news.id, 'big news')).statusCode).toBe(201);
    await t.as(owner).patch(`/api/communities/${id}/members/${ann.id}`, { role: 'moderator' });
    expect((await sendTo(ann, id, news.id, 'moderated news')).statusCode).toBe(201);
    expect(await historyOf(owner, id, news.id)).toEqual(['big news', 'moderated news']);
  });

  it('refuses a timed-out, a departed and a banned member in every channel', async () => {
    const { owner, ann, id } = await club();
    const chat = (await addChannel(owner, id, { name: 'chat' })).json() as Channel;
    const [leaver, banned] = await t.members(2);
    await joinCommunity(t, id, leaver);
    await joinCommunity(t, id, banned);
    await t.as(owner).patch(`/api/communities/${id}/members/${ann.id}`, { timeout_until: new Date(Date.now() + 600_000).toISOString() });
    const timedOut = await sendTo(ann, id, chat.id, 'let me talk');
    expect([timedOut.statusCode, timedOut.json().code]).toEqual([403, 'TIMED_OUT']);
    expect(await historyOf(ann, id, chat.id)).toEqual([]);

    await t.as(leaver).post(`/api/communities/${id}/leave`);
    await t.as(owner).delete(`/api/communities/${id}/members/${banned.id}?ban=true`);
    for (const who of [leaver, banned]) {
      const res = await sendTo(who, id, chat.id, 'still here?');
      expect([res.statusCode, res.json().code]).toEqual([403, 'NOT_A_MEMBER']);
      expect((await t.as(who).get(`/api/communities/${id}/channels/${chat.id}/messages`)).statusCode).toBe(403);
    }
    expect(await historyOf(owner, id, chat.id)).toEqual([]);
  });

  it('lets a moderator remove and pin in any channel, and find a message around its id', async () => {
    const { owner, ann, id } = await club();
    const chat = (await addChannel(owner, id, { name: 'chat' })).json() as Channel;
    const [mod] = await t.members(1);
    await joinCommunity(t, id, mod);
    await t.as(owner).patch(`/api/communities/${id}/members/${mod.id}`, { role: 'moderator' });
    const ids: number[] = [];
    for (const text of ['a', 'b', 'c', 'd']) ids.push((await sendTo(ann, id, chat.id, text)).json().message.id);
    const removed = await t.as(mod).delete(`/api/communities/${id}/messages/${ids[1]}`);
    expect(removed.json().message).toMatchObject({ id: ids[1], channel_id: chat.id, deleted: true, removed: true });
    expect((await t.as(mod).put(`/api/communities/${id}/messages/${ids[2]}/pin`, { pinned: true })).json().message.pinned).toBe(true);
    expect(
      ((await t.as(ann).get(`/api/communities/${id}/channels/${chat.id}/pins`)).json().pins as Array<{ id: number }>).map((m) => m.id),
    ).toEqual([ids[2]]);
    expect((await t.as(ann).put(`/api/communities/${id}/messages/${ids[3]}/pin`, { pinned: true })).statusCode).toBe(403);
    expect(await historyOf(ann, id, chat.id, `?around=${ids[2]}&limit=2`)).toEqual(['', 'c']);
  });
});

describe('community channels: unread and mute', () => {
  it('counts unread per channel and sums the unmuted ones for the community and the header', async () => {
    const { owner, ann, id, general, news } = await club();
    await send(t, id, owner, 'one');
    await send(t, id, owner, 'two');
    const last = (await sendTo(owner, id, news.id, 'news')).json().message;
    const unreadOf = async () => Object.fromEntries((await channelsOf(ann, id)).map((c) => [c.name, [c.unread, c.muted]]));
    expect(await unreadOf()).toEqual({ general: [2, false], 'news-room': [1, false] });
    expect((await t.as(ann).get(`/api/communities/${id}`)).json().unread_count).toBe(3);
    expect((await t.as(ann).get('/api/communities/unread')).json()).toEqual({ total: 3, communities: [{ community_id: id, unread: 3 }] });

    expect((await t.as(ann).put(`/api/communities/${id}/channels/${news.id}/mute`, { muted: true })).json()).toEqual({
      channel_id: news.id,
      muted: true,
    });
    expect(await unreadOf()).toEqual({ general: [2, false], 'news-room': [1, true] });
    expect((await t.as(ann).get(`/api/communities/${id}`)).json().unread_count).toBe(2);

    // A message is read in its own channel only.
    expect((await t.as(ann).post(`/api/communities/${id}/channels/${general.id}/read`, { message_id: last.id })).statusCode).toBe(404);
    expect((await t.as(ann).post(`/api/communities/${id}/channels/${news.id}/read`, { message_id: last.id })).json()).toEqual({
      community_id: id,
      channel_id: news.id,
      unread: 0,
      community_unread: 2,
      total_unread: 2,
    });
    await t.as(ann).put(`/api/communities/${id}/channels/${news.id}/mute`, { muted: false });
    expect((await t.as(ann).get('/api/communities/unread')).json().total).toBe(2);

    // Clear chat clears every channel for the member alone.
    await t.as(ann).post(`/api/communities/${id}/clear`);
    expect(await unreadOf()).toEqual({ general: [0, false], 'news-room': [0, false] });
    expect(await historyOf(ann, id, news.id)).toEqual([]);
    expect(await historyOf(owner, id, news.id)).toEqual(['news']);
  });

  it('starts a member who joins with every channel read', async () => {
    const { owner, id, news } = await club();
    await send(t, id, owner, 'before you came');
    await sendTo(owner, id, news.id, 'old news');
    const [late] = await t.members(1);
    await joinCommunity(t, id, late);
    expect((await channelsOf(late, id)).map((c) => c.unread)).toEqual([0, 0]);
    expect((await t.as(late).get(`/api/communities/${id}`)).json().unread_count).toBe(0);
    await sendTo(owner, id, news.id, 'new news');
    expect((await channelsOf(late, id)).map((c) => c.unread)).toEqual([0, 1]);
    // The history is there to read, from before they came too.
    expect(await historyOf(late, id, news.id)).toEqual(['old news', 'new news']);
  });
});
