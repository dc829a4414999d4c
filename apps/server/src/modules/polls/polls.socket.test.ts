import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { createCommunity, createGroup, createPoll, pollBody, vote } from './polls.test-support.ts';

const t = useTestApp({}, { listen: true });

/** Answered after every event the server sent this socket before it: one connection keeps its order. */
const roundTrip = (client: { socket: { emit(event: string, ack: () => void): unknown } }) =>
  new Promise<void>((resolve) => client.socket.emit('ping', () => resolve()));

/** The `poll:updated` events a socket heard about this poll. */
const updates = (client: { events: Array<{ name: string; payload: any }> }, pollId: number) =>
  client.events.filter((e) => e.name === 'poll:updated' && e.payload.poll.id === pollId).map((e) => e.payload.poll);

describe('polls live', () => {
  it('tells the group a new poll message whose poll is already there, then every vote and the close', async () => {
    const [ada, ben, cy, eve] = await t.members(4);
    const groupId = await createGroup(t, ada, [ben, cy]);
    const [b, e] = [await t.socket(ben), await t.socket(eve)];
    // The poll is asked for as soon as the message arrives: it must be stored by then.
    const arrived = b.next('group:message:new', (m) => m.group_id === groupId);
    const created = t.as(ada).post('/api/polls', pollBody({ kind: 'group', group_id: groupId }));
    const message = await arrived;
    expect((await t.as(ben).get(`/api/polls?message_ids=${message.id}`)).json().polls).toHaveLength(1);
    const { poll } = (await created).json();

    await vote(t, cy, poll, [poll.options[1].id]);
    const live = await b.next('poll:updated', (p) => p.poll.id === poll.id && p.poll.total_voters === 1);
    expect(live.poll.options[1]).toMatchObject({ votes: 1, voters: [{ id: cy.id }] });
    expect(live.poll).not.toHaveProperty('my_votes');
    await t.as(ada).post(`/api/polls/${poll.id}/close`);
    await b.next('poll:updated', (p) => p.poll.id === poll.id && p.poll.closed);
    // The outsider's socket, connected all along, heard of none of it.
    await roundTrip(e);
    expect(e.names()).not.toContain('poll:updated');
    expect(e.names()).not.toContain('group:message:new');
  });

  it('sends an anonymous poll’s results without anyone who voted', async () => {
    const [ada, ben, cy] = await t.members(3);
    const poll = await createPoll(t, ada, pollBody({ kind: 'group', group_id: await createGroup(t, ada, [ben, cy]) }, { anonymous: true }));
    const a = await t.socket(ada);
    await vote(t, ben, poll, [poll.options[0]!.id]);
    const live = await a.next('poll:updated', (p) => p.poll.id === poll.id);
    expect(live.poll.options[0]).toEqual({ id: poll.options[0]!.id, text: 'Park', votes: 1 });
    expect(JSON.stringify(live)).not.toContain('"voters"');
    expect(updates(a, poll.id)).toHaveLength(1);
  });

  it('tells a channel’s community of a vote, and the feed of a post’s poll but not across a block', async () => {
    const [owner, member, reader, blocked] = await t.members(4);
    const { id, channelId } = await createCommunity(t, owner, [member]);
    const [o, r] = [await t.socket(owner), await t.socket(reader)];
    const channelPoll = await createPoll(t, member, pollBody({ kind: 'channel', community_id: id, channel_id: channelId }));
    await o.next('community:message:new', (m) => m.id === channelPoll.message_id);
    await vote(t, member, channelPoll, [channelPoll.options[0]!.id]);
    expect((await o.next('poll:updated', (p) => p.poll.id === channelPoll.id)).poll.total_voters).toBe(1);

    expect((await t.as(blocked).post(`/api/chat/blocks/${owner.id}`)).statusCode).toBe(200);
    const bl = await t.socket(blocked);
    const postId = await t.post(owner, 'Lunch?');
    const postPoll = await createPoll(t, owner, pollBody({ kind: 'post', post_id: postId }));
    await vote(t, reader, postPoll, [postPoll.options[2]!.id]);
    await r.next('poll:updated', (p) => p.poll.id === postPoll.id && p.poll.total_voters === 1);
    // A round trip on the blocked member's socket: anything sent to it before has arrived by its answer.
    await roundTrip(bl);
    expect(updates(bl, postPoll.id)).toEqual([]);
    expect(updates(r, channelPoll.id)).toEqual([]);
  });
});
