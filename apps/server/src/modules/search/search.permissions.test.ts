import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import {
  createCommunity,
  createGroup,
  ids,
  joinCommunity,
  search,
  sendDirect,
  sendToCommunity,
  sendToGroup,
  uniqueWord,
} from './search.test-support.ts';

// Every way a message could reach someone who may not read it now, one at a time: each test first shows the
// member finds the message while they may read it, so a later empty answer means the rule, not a broken search.
const t = useTestApp();
const find = async (who: Parameters<typeof search>[1], word: string) => ids(await search(t, who, { q: word, type: 'messages' }));

/** Ada sends Ben a direct message holding a word of its own, and Ben finds it: what a test then takes away. */
async function foundDirect() {
  const [ada, ben] = await t.members(2);
  const word = uniqueWord();
  const id = await sendDirect(t, ada, ben, word);
  expect(await find(ben, word)).toEqual([id]);
  return { ada: ada!, ben: ben!, word, id };
}

/** The owner writes a word of its own in their club's chat, and Ann, a member, finds it. */
async function foundInClub() {
  const [owner, ann] = await t.members(2);
  const club = await createCommunity(t, owner!);
  await joinCommunity(t, club.id, ann!);
  const word = uniqueWord();
  const sent = await sendToCommunity(t, club.id, owner!, word);
  expect(await find(ann!, word)).toEqual([sent.id]);
  return { owner: owner!, ann: ann!, club, word };
}

describe('message search finds only what the member may read now', () => {
  it('finds a direct message for its two people and nobody else', async () => {
    const [ada, ben, eve] = await t.members(3);
    const word = uniqueWord();
    const id = await sendDirect(t, ada, ben, `lunch at ${word} tomorrow`);
    expect(await find(ada, word)).toEqual([id]);
    expect(await find(ben, word)).toEqual([id]);
    expect(await find(eve, word)).toEqual([]);
  });

  it('not a direct message deleted for me (the other person still finds it)', async () => {
    const { ada, ben, word, id } = await foundDirect();
    expect((await t.as(ben).delete(`/api/chat/messages/${id}/for-me`)).statusCode).toBe(204);
    expect(await find(ben, word)).toEqual([]);
    expect(await find(ada, word)).toEqual([id]);
  });

  it('not a message deleted for everyone', async () => {
    const { ada, ben, word, id } = await foundDirect();
    expect((await t.as(ada).delete(`/api/chat/messages/${id}`)).statusCode).toBe(200);
    expect(await find(ben, word)).toEqual([]);
    expect(await find(ada, word)).toEqual([]);
  });

  it('not a message past its auto-delete time, before the cleanup has cleared it', async () => {
    const { ada, ben, word, id } = await foundDirect();
    await t.db.execute(sql`update messages set expires_at = now() - interval '1 second' where id = ${id}`);
    expect(await find(ben, word)).toEqual([]);
    expect(await find(ada, word)).toEqual([]);
  });

  it('a block hides no history: the pair still finds what they wrote, as their chat still shows it', async () => {
    const [ada, ben] = await t.members(2);
    const word = uniqueWord();
    const id = await sendDirect(t, ada, ben, word);
    expect((await t.as(ada).post(`/api/chat/blocks/${ben.id}`)).statusCode).toBe(200);
    const history = await t.as(ben).get(`/api/chat/messages?peer_id=${ada.id}`);
    expect(history.json().map((m: { id: number }) => m.id)).toEqual([id]);
    expect(await find(ben, word)).toEqual([id]);
    expect(await find(ada, word)).toEqual([id]);
  });

  it('not a group the member left, nor one they were removed from; a new member only from when they joined', async () => {
    const [ada, ben, cy, dan] = await t.members(4);
    const group = await createGroup(t, ada, [ben, cy]);
    const word = uniqueWord();
    const before = await sendToGroup(t, ada, group.id, `${word} before`);
    expect(await find(ben, word)).toEqual([before]);
    expect(await find(cy, word)).toEqual([before]);

    expect((await t.as(ben).delete(`/api/chat/groups/${group.id}/members/${ben.id}`)).statusCode).toBe(204);
    expect((await t.as(ada).delete(`/api/chat/groups/${group.id}/members/${cy.id}`)).statusCode).toBe(204);
    expect((await t.as(ada).post(`/api/chat/groups/${group.id}/members`, { user_ids: [dan.id] })).statusCode).toBe(200);
    const after = await sendToGroup(t, ada, group.id, `${word} after`);
    expect(await find(ben, word)).toEqual([]);
    expect(await find(cy, word)).toEqual([]);
    expect(await find(dan, word)).toEqual([after]);
    expect((await find(ada, word)).sort()).toEqual([before, after].sort());
  });

  it('not a group message from before the member cleared the chat', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy]);
    const word = uniqueWord();
    const old = await sendToGroup(t, ada, group.id, word);
    expect(await find(ben, word)).toEqual([old]);
    expect((await t.as(ben).post(`/api/chat/groups/${group.id}/clear`)).statusCode).toBe(200);
    const later = await sendToGroup(t, ada, group.id, word);
    expect(await find(ben, word)).toEqual([later]);
    expect((await find(cy, word)).sort()).toEqual([old, later].sort());
  });

  it('not a channel of a community the member left', async () => {
    const { ann, club, word } = await foundInClub();
    expect((await t.as(ann).post(`/api/communities/${club.id}/leave`)).statusCode).toBe(200);
    expect(await find(ann, word)).toEqual([]);
  });

  it('not a channel of a community the member was banned or removed from', async () => {
    const [owner, banned, removed] = await t.members(3);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, banned);
    await joinCommunity(t, club.id, removed);
    const word = uniqueWord();
    const sent = await sendToCommunity(t, club.id, owner, word);
    expect(await find(banned, word)).toEqual([sent.id]);
    expect(await find(removed, word)).toEqual([sent.id]);
    expect((await t.as(owner).delete(`/api/communities/${club.id}/members/${banned.id}?ban=true`)).statusCode).toBe(204);
    expect((await t.as(owner).delete(`/api/communities/${club.id}/members/${removed.id}`)).statusCode).toBe(204);
    expect(await find(banned, word)).toEqual([]);
    expect(await find(removed, word)).toEqual([]);
  });

  it('not a channel of a private community the member only asked to join', async () => {
    const [owner, asker] = await t.members(2);
    const club = await createCommunity(t, owner, { visibility: 'private' });
    const word = uniqueWord();
    const sent = await sendToCommunity(t, club.id, owner, word);
    expect(await find(owner, word)).toEqual([sent.id]);
    await joinCommunity(t, club.id, asker);
    expect(await find(asker, word)).toEqual([]);
  });

  it('not a channel message from before the member cleared it', async () => {
    const { owner, ann, club, word } = await foundInClub();
    expect((await t.as(ann).post(`/api/communities/${club.id}/clear`)).statusCode).toBe(200);
    const later = await sendToCommunity(t, club.id, owner, word);
    expect(await find(ann, word)).toEqual([later.id]);
  });

  it('a filter for a conversation the member cannot read finds nothing, whatever it holds', async () => {
    const [ada, ben, cy, eve] = await t.members(4);
    const group = await createGroup(t, ada, [ben, cy]);
    const club = await createCommunity(t, ada, { visibility: 'private' });
    const word = uniqueWord();
    await sendToGroup(t, ada, group.id, word);
    const sent = await sendToCommunity(t, club.id, ada, word);
    await sendDirect(t, ada, ben, word);
    expect(await find(eve, `${word} in:group:${group.id}`)).toEqual([]);
    expect(await find(eve, `${word} in:channel:${sent.channelId}`)).toEqual([]);
    expect(ids(await search(t, eve, { q: word, in_kind: 'group', in_id: group.id }))).toEqual([]);
    expect(ids(await search(t, eve, { q: word, in_kind: 'direct', in_id: ben.id }))).toEqual([]);
    expect(ids(await search(t, eve, { q: '', from: ada.username!, has: 'file' }))).toEqual([]);
    expect(await find(eve, `from:${ada.username}`)).toEqual([]);
  });

  it('says where each message is and who sent it', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await createGroup(t, ada, [ben, cy], 'Climbers');
    const club = await createCommunity(t, ada);
    const word = uniqueWord();
    await sendDirect(t, ben, ada, `${word} one`);
    await sendToGroup(t, ben, group.id, `${word} two`);
    const inChannel = await sendToCommunity(t, club.id, ada, `${word} three`);
    const found = await search(t, ada, { q: word });
    const places = found.results.map((r) => (r.type === 'message' ? r.item.conversation : null));
    expect(places).toEqual(
      expect.arrayContaining([
        { kind: 'direct', id: ben.id, name: expect.any(String) },
        { kind: 'group', id: group.id, name: 'Climbers' },
        { kind: 'channel', id: inChannel.channelId, name: expect.any(String), community_id: club.id },
      ]),
    );
    const senders = found.results.flatMap((r) => (r.type === 'message' ? [r.item.sender] : []));
    expect(senders.filter((s) => s.id === ben.id)).toEqual([
      { id: ben.id, username: ben.username, name: expect.any(String), avatar: null },
      { id: ben.id, username: ben.username, name: expect.any(String), avatar: null },
    ]);
  });
});
