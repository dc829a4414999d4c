import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';

const t = useTestApp();

const notifications = async (m: Member) =>
  ((await t.as(m).get('/api/notifications')).json() as { notifications: Array<{ kind: string; payload: { actor_id: number } }> })
    .notifications;
const post = async (m: Member, text: string) => {
  const res = await t.as(m).multipart('/api/posts/create', { post: text });
  expect(res.statusCode).toBe(201);
  return res.json() as { post_id: number };
};

describe('a block reaches beyond chat', () => {
  it('stops the blocked member liking, commenting on and sharing posts, either way round', async () => {
    const [blocker, blocked] = await t.members(2);
    expect((await t.as(blocker).post(`/api/chat/blocks/${blocked.id}`)).statusCode).toBe(200);
    const blockersPost = await post(blocker, 'Morning walk');
    const blockedsPost = await post(blocked, 'Hello?');

    for (const [actor, target] of [
      [blocked, blockersPost],
      [blocker, blockedsPost],
    ] as const) {
      const refused = [
        await t.as(actor).post(`/api/posts/${target.post_id}/like`),
        await t.as(actor).post(`/api/posts/${target.post_id}/comments`, { text: 'hi' }),
        await t.as(actor).post(`/api/posts/${target.post_id}/share`, {}),
      ];
      for (const res of refused) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'BLOCKED', msg: 'You cannot interact with this member.' });
      }
    }
    const thread = await t.as(blocker).get(`/api/posts/${blockersPost.post_id}/comments`);
    expect(thread.json().comments).toEqual([]);
  });

  it('keeps mentions by the blocked member from notifying, while others still do', async () => {
    const [blocker, blocked, friend] = await t.members(3);
    await t.as(blocker).post(`/api/chat/blocks/${blocked.id}`);
    await post(blocked, `Look at @${blocker.username}`);
    const friendsPost = await post(friend, 'Open thread');
    await t.as(blocked).post(`/api/posts/${friendsPost.post_id}/comments`, { text: `@${blocker.username} over here` });
    // A later mention by someone else is the positive event to wait for: it arrives, the blocked one's never did.
    await post(friend, `Hi @${blocker.username}`);
    const seen = await notifications(blocker);
    expect(seen.map((n) => n.payload.actor_id)).toEqual([friend.id]);
  });
});
