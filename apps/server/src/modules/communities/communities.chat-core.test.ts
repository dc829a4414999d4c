import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { createCommunity, joinCommunity, send } from './communities.test-support.ts';

const t = useTestApp();

/** The channel the community was made with, as stored. */
async function firstChannelOf(communityId: number) {
  const [row] = await t.db
    .select({ id: conversations.id, name: conversations.name, position: conversations.position })
    .from(conversations)
    .where(and(eq(conversations.communityId, communityId), eq(conversations.kind, 'channel')));
  return row!;
}

describe('community chat on the conversation core', () => {
  it('makes every community with its first channel, whose messages are the community chat', async () => {
    const [owner] = await t.members(1);
    const club = await createCommunity(t, owner);
    const first = await firstChannelOf(club.id);
    expect(first).toMatchObject({ name: 'general', position: 0 });
    const sent = (await send(t, club.id, owner, 'hello')).json().message;
    expect(sent).toMatchObject({ text: 'hello', community_id: club.id, channel_id: first.id, pinned: false, reply_to: null });
    const [stored] = await t.db.select().from(messages).where(eq(messages.id, sent.id));
    expect(stored).toMatchObject({ conversationId: first.id, receiverId: null, text: 'hello' });
  });

  it("stores two members' concurrent sends, each acknowledged only once it is committed", async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, ann);
    const first = await firstChannelOf(club.id);
    const [a, b] = await Promise.all([send(t, club.id, owner, 'one'), send(t, club.id, ann, 'two')]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const ids = [a.json().message.id, b.json().message.id];
    // Read on another connection than the one that wrote: what was acknowledged is committed.
    const stored = await t.db.select().from(messages).where(inArray(messages.id, ids));
    expect(stored.map((m) => [m.text, m.conversationId]).sort()).toEqual([
      ['one', first.id],
      ['two', first.id],
    ]);
    const history = (await t.as(ann).get(`/api/communities/${club.id}/messages`)).json();
    expect(history.map((m: { text: string }) => m.text).sort()).toEqual(['one', 'two']);
  });

  it('sets a reaction with PUT and takes it back with DELETE, however often each is sent', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, ann);
    const message = (await send(t, club.id, owner, 'react to me')).json().message;
    const url = `/api/communities/${club.id}/messages/${message.id}/reactions/1f44d`;
    await t.as(ann).put(url);
    const twice = (await t.as(ann).put(url)).json().message;
    expect(twice.reactions).toEqual([{ emoji: '1f44d', count: 1, user_ids: [ann.id] }]);
    await t.as(ann).delete(url);
    expect((await t.as(ann).delete(url)).json().message.reactions).toEqual([]);
  });

  it('lets moderators and up pin a message, not members, and finds it around its id', async () => {
    const [owner, ann] = await t.members(2);
    const club = await createCommunity(t, owner);
    await joinCommunity(t, club.id, ann);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await send(t, club.id, owner, `m${i}`)).json().message.id);
    const pin = (who: typeof owner, pinned: boolean) => t.as(who).put(`/api/communities/${club.id}/messages/${ids[2]}/pin`, { pinned });
    expect((await pin(ann, true)).statusCode).toBe(403);
    expect((await pin(owner, true)).json().message).toMatchObject({ id: ids[2], pinned: true });
    const first = await firstChannelOf(club.id);
    const pins = (await t.as(ann).get(`/api/communities/${club.id}/channels/${first.id}/pins`)).json();
    expect(pins.pins.map((m: { id: number }) => m.id)).toEqual([ids[2]]);
    const around = (await t.as(ann).get(`/api/communities/${club.id}/messages?around=${ids[2]}&limit=3`)).json();
    expect(around.map((m: { id: number }) => m.id)).toEqual([ids[1], ids[2], ids[3]]);
    expect((await pin(owner, false)).json().message.pinned).toBe(false);
  });
});
