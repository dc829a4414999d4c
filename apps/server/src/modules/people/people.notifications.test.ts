import { describe, expect, it } from 'vitest';
import { notificationSchema } from '@tribeverse/shared';
import { useTestApp } from '../../../test/support/harness.ts';

const t = useTestApp({}, { listen: true });

describe('follow notifications and live counts', () => {
  it('a new follower reaches the followed member’s bell live, once, and both members’ pages hear the new counts', async () => {
    const [ann, bob] = await t.members(2);
    const a = await t.socket(ann);
    const b = await t.socket(bob);

    await t.as(bob).post(`/api/users/${ann.id}/follow`);
    const note = await a.next('notification:new', (n) => n.kind === 'follow');
    expect(notificationSchema.parse(note)).toMatchObject({
      kind: 'follow',
      read: false,
      payload: { actor_id: bob.id, username: bob.username, name: `Member ${bob.username}` },
    });
    const counts = { follower_id: bob.id, followee_id: ann.id, following: true };
    expect(await a.next('follow:updated')).toEqual({
      ...counts,
      follower_counts: { followers: 0, following: 1 },
      followee_counts: { followers: 1, following: 0 },
    });
    expect(await b.next('follow:updated')).toMatchObject(counts);
    expect((await t.as(ann).get('/api/notifications/unread-count')).json()).toEqual({ unreadCount: 1 });

    // Unfollowing and following again is not news twice.
    await t.as(bob).delete(`/api/users/${ann.id}/follow`);
    expect(await a.next('follow:updated', (e) => !e.following)).toMatchObject({ followee_counts: { followers: 0, following: 0 } });
    await t.as(bob).post(`/api/users/${ann.id}/follow`);
    await a.next('follow:updated', (e) => e.following && a.events.filter((x) => x.name === 'follow:updated').length === 3);
    const list = (await t.as(ann).get('/api/notifications')).json();
    expect(list.notifications.filter((n: { kind: string }) => n.kind === 'follow')).toHaveLength(1);

    // Removing a follower tells the follower's pages too.
    await t.as(ann).delete(`/api/users/${bob.id}/follower`);
    expect(await b.next('follow:updated', (e) => !e.following && e.follower_id === bob.id && b.events.length > 3)).toMatchObject({
      follower_counts: { following: 0 },
    });
  });

  it('likes, comments, shares and mentions arrive as typed notifications', async () => {
    const [ann, bob, cy] = await t.members(3);
    const post = (await t.as(ann).multipart('/api/posts/create', { post: 'hello' })).json();
    const postId = post.post_id ?? post.id;
    await t.as(bob).post(`/api/posts/${postId}/like`);
    await t.as(bob).post(`/api/posts/${postId}/comments`, { text: `nice @${cy.username}` });
    await t.as(bob).post(`/api/posts/${postId}/share`, {});
    const mine = (await t.as(ann).get('/api/notifications')).json().notifications;
    expect(mine.map((n: { kind: string }) => n.kind).sort()).toEqual(['comment', 'like', 'share']);
    for (const n of mine) expect(notificationSchema.safeParse(n).success).toBe(true);
    const theirs = (await t.as(cy).get('/api/notifications')).json().notifications;
    expect(theirs).toMatchObject([{ kind: 'mention', payload: { actor_id: bob.id, post_id: postId } }]);
  });
});
