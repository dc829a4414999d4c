import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { createCommunity, joinCommunity, send } from './communities.test-support.ts';

const t = useTestApp();

type Note = { kind: string; payload: Record<string, unknown> };
const mentionsOf = async (m: Member) =>
  ((await t.as(m).get('/api/notifications')).json().notifications as Note[]).filter((n) => n.kind === 'community_mention');

describe('community chat mentions and replies', () => {
  it('tell the members named or answered, once each, and nobody muting, blocking or outside', async () => {
    const [ann, bob, cy, dee, eve, outsider] = await t.members(6);
    const club = await createCommunity(t, ann, { name: 'Night owls' });
    for (const m of [bob, cy, dee, eve]) await joinCommunity(t, club.id, m);
    expect((await t.as(dee).put(`/api/communities/${club.id}/mute`, { muted: true })).statusCode).toBe(200);
    expect((await t.as(eve).post(`/api/chat/blocks/${ann.id}`)).statusCode).toBe(200);

    const res = await send(t, club.id, ann, `Morning @${bob.username} and @${dee.username}, @${eve.username}, @${outsider.username}!`);
    expect(res.statusCode).toBe(201);
    const message = res.json().message;
    await expect.poll(async () => (await mentionsOf(bob)).length).toBe(1);
    expect((await mentionsOf(bob))[0]!.payload).toMatchObject({
      actor_id: ann.id,
      community_id: club.id,
      community_name: 'Night owls',
      message_id: message.id,
      via: 'mention',
    });

    // Cy answers Ann and names her too: one notification for Ann, as a mention.
    await send(t, club.id, cy, `@${ann.username} good morning`, { reply_to: message.id });
    // Bob answers: a reply.
    await send(t, club.id, bob, 'Morning!', { reply_to: message.id });
    await expect.poll(async () => (await mentionsOf(ann)).map((n) => n.payload.via)).toEqual(['reply', 'mention']);

    for (const m of [cy, dee, eve, outsider]) expect(await mentionsOf(m)).toEqual([]);
  });
});
