import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { createCommunity, createGroup, createPoll, pollBody, vote } from './polls.test-support.ts';

const t = useTestApp();

describe('polls over HTTP', () => {
  it('puts a poll on a new group message that members see with its results', async () => {
    const [ada, ben, cy] = await t.members(3);
    const groupId = await createGroup(t, ada, [ben, cy]);
    const res = await t.as(ada).post('/api/polls', pollBody({ kind: 'group', group_id: groupId }));
    expect(res.statusCode).toBe(201);
    const { poll, message } = res.json();
    expect(message).toMatchObject({ group_id: groupId, sender_id: ada.id, text: '📊 Where do we meet?' });
    expect(poll).toMatchObject({ message_id: message.id, question: 'Where do we meet?', closed: false, total_voters: 0, my_votes: [] });
    expect(poll.options.map((o: { text: string }) => o.text)).toEqual(['Park', 'Cafe', 'Library']);

    const listed = await t.as(ben).get(`/api/polls?message_ids=${message.id},999999`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().polls.map((p: { id: number }) => p.id)).toEqual([poll.id]);
    const history = await t.as(ben).get(`/api/chat/groups/${groupId}/messages`);
    expect(history.json().map((m: { id: number }) => m.id)).toContain(message.id);
  });

  it('refuses bad polls with 400 and names the field', async () => {
    const [ada, ben, cy] = await t.members(3);
    const target = { kind: 'group', group_id: await createGroup(t, ada, [ben, cy]) };
    const cases: Array<Record<string, unknown>> = [
      pollBody(target, { options: ['Only one'] }),
      pollBody(target, { options: Array.from({ length: 11 }, (_, i) => `Option ${i}`) }),
      pollBody(target, { options: ['Same', 'same'] }),
      pollBody(target, { question: '   ' }),
      pollBody(target, { options: ['Fine', ''] }),
      pollBody(target, { closes_at: new Date(Date.now() - 60_000).toISOString() }),
      pollBody({ kind: 'direct', peer_id: ben.id }),
    ];
    for (const body of cases) {
      const res = await t.as(ada).post('/api/polls', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
    }
    expect((await t.as(ada).get('/api/polls?message_ids=abc')).statusCode).toBe(400);
  });

  it('keeps outsiders out: no poll in a group they are not in, no votes, no results', async () => {
    const [ada, ben, cy, eve] = await t.members(4);
    const groupId = await createGroup(t, ada, [ben, cy]);
    expect((await t.as(eve).post('/api/polls', pollBody({ kind: 'group', group_id: groupId }))).statusCode).toBe(404);
    const poll = await createPoll(t, ada, pollBody({ kind: 'group', group_id: groupId }));
    expect((await t.as(eve).get(`/api/polls/${poll.id}`)).statusCode).toBe(404);
    expect((await vote(t, eve, poll, [poll.options[0]!.id])).statusCode).toBe(404);
    expect((await t.as(eve).get(`/api/polls?message_ids=${poll.message_id}`)).json().polls).toEqual([]);
    expect((await t.as(null).get(`/api/polls/${poll.id}`)).statusCode).toBe(401);
  });

  it('counts one vote per member, changeable, single or multiple choice', async () => {
    const [ada, ben, cy] = await t.members(3);
    const target = { kind: 'group', group_id: await createGroup(t, ada, [ben, cy]) };
    const single = await createPoll(t, ada, pollBody(target));
    const [park, cafe, library] = single.options.map((o) => o.id) as [number, number, number];
    expect((await vote(t, ben, single, [park, cafe])).statusCode).toBe(400);
    expect((await vote(t, ben, single, [999999])).statusCode).toBe(400);
    expect((await vote(t, ben, single, [park])).json()).toMatchObject({ my_votes: [park], total_voters: 1 });
    const changed = (await vote(t, ben, single, [cafe])).json();
    expect(changed.options.map((o: { votes: number }) => o.votes)).toEqual([0, 1, 0]);
    expect(changed.options[1].voters.map((v: { id: number }) => v.id)).toEqual([ben.id]);
    await vote(t, cy, single, [cafe]);
    expect((await t.as(ada).get(`/api/polls/${single.id}`)).json()).toMatchObject({ total_voters: 2, my_votes: [] });
    expect((await vote(t, ben, single, [])).json()).toMatchObject({ my_votes: [], total_voters: 1 });

    const multi = await createPoll(t, ada, pollBody(target, { multiple: true }));
    const ids = multi.options.map((o) => o.id);
    const both = (await vote(t, ben, multi, [ids[0]!, ids[2]!])).json();
    expect(both).toMatchObject({ my_votes: expect.arrayContaining([ids[0], ids[2]]), total_voters: 1 });
    expect(both.options.map((o: { votes: number }) => o.votes)).toEqual([1, 0, 1]);
    expect(library).toBeGreaterThan(0);
  });

  it('never says who voted in an anonymous poll', async () => {
    const [ada, ben, cy] = await t.members(3);
    const poll = await createPoll(t, ada, pollBody({ kind: 'group', group_id: await createGroup(t, ada, [ben, cy]) }, { anonymous: true }));
    const mine = (await vote(t, ben, poll, [poll.options[0]!.id])).json();
    expect(mine.my_votes).toEqual([poll.options[0]!.id]);
    const seen = await t.as(ada).get(`/api/polls/${poll.id}`);
    expect(seen.json()).toMatchObject({ anonymous: true, total_voters: 1, my_votes: [] });
    expect(seen.body).not.toContain('"voters"');
    expect(seen.body).not.toContain(String(ben.username));
  });

  it('stops votes once closed, by its creator only or at its closing time', async () => {
    const [ada, ben, cy] = await t.members(3);
    const target = { kind: 'group', group_id: await createGroup(t, ada, [ben, cy]) };
    const poll = await createPoll(t, ada, pollBody(target));
    await vote(t, ben, poll, [poll.options[0]!.id]);
    expect((await t.as(ben).post(`/api/polls/${poll.id}/close`)).statusCode).toBe(403);
    expect((await t.as(ada).post(`/api/polls/${poll.id}/close`)).json()).toMatchObject({ closed: true, total_voters: 1 });
    const late = await vote(t, ben, poll, [poll.options[1]!.id]);
    expect(late.statusCode).toBe(403);
    expect((await t.as(ben).get(`/api/polls/${poll.id}`)).json()).toMatchObject({ closed: true, my_votes: [poll.options[0]!.id] });

    const timed = await createPoll(t, ada, pollBody(target, { closes_at: new Date(Date.now() + 3_600_000).toISOString() }));
    expect(timed.closes_at).not.toBeNull();
    expect(timed.closed).toBe(false);
  });

  it('puts a poll in a community channel for its members only', async () => {
    const [owner, member, outsider] = await t.members(3);
    const { id, channelId } = await createCommunity(t, owner, [member]);
    const target = { kind: 'channel', community_id: id, channel_id: channelId };
    expect((await t.as(outsider).post('/api/polls', pollBody(target))).statusCode).toBe(404);
    const poll = await createPoll(t, member, pollBody(target));
    expect((await vote(t, owner, poll, [poll.options[2]!.id])).statusCode).toBe(200);
    expect((await vote(t, outsider, poll, [poll.options[2]!.id])).statusCode).toBe(404);
    expect((await t.as(owner).post('/api/polls', pollBody({ ...target, channel_id: 999999 }))).statusCode).toBe(404);
  });

  it('puts a poll on the author’s own new post, once, hidden across a block', async () => {
    const [ada, ben] = await t.members(2);
    const postId = await t.post(ada, 'What should we read next?');
    expect((await t.as(ben).post('/api/polls', pollBody({ kind: 'post', post_id: postId }))).statusCode).toBe(403);
    const poll = await createPoll(t, ada, pollBody({ kind: 'post', post_id: postId }));
    expect(poll.post_id).toBe(postId);
    expect((await t.as(ada).post('/api/polls', pollBody({ kind: 'post', post_id: postId }))).statusCode).toBe(409);
    expect((await vote(t, ben, poll, [poll.options[0]!.id])).json().total_voters).toBe(1);
    expect((await t.as(ben).get(`/api/polls?post_ids=${postId}`)).json().polls).toHaveLength(1);
    expect((await t.as(ben).post(`/api/chat/blocks/${ada.id}`)).statusCode).toBeLessThan(300);
    expect((await t.as(ben).get(`/api/polls/${poll.id}`)).statusCode).toBe(404);
  });

  it('limits how many polls a member makes in a minute', async () => {
    const [ada, ben, cy] = await t.members(3);
    const target = { kind: 'group', group_id: await createGroup(t, ada, [ben, cy]) };
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await t.as(ada).post('/api/polls', pollBody(target))).statusCode);
    expect(answers.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(answers[20]).toBe(429);
    // Another member's budget is their own.
    expect((await t.as(ben).post('/api/polls', pollBody(target))).statusCode).toBe(201);
  });
});
