import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { buildMember, buildPost } from '../../../test/support/factories.ts';

const t = useTestApp();

type Member = Awaited<ReturnType<typeof buildMember>>;

const notificationsOf = async (m: Member) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: m.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as { notifications: Array<{ kind: string; read: boolean; payload: Record<string, unknown> }>; unreadCount: number };
};
const unreadOf = async (m: Member) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: m.auth })).json().unreadCount as number;
const act = (m: Member, method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: m.auth, payload });

describe('feed notifications', () => {
  it('tells the author who liked, commented on and shared their post, and nobody about their own doing', async () => {
    const author = await buildMember(t);
    const fan = await buildMember(t);
    const post = await buildPost(t, author, 'Sunset at the lake');

    expect((await act(author, 'POST', `/api/posts/${post.post_id}/like`)).statusCode).toBe(200);
    expect((await act(author, 'POST', `/api/posts/${post.post_id}/comments`, { text: 'my own note' })).statusCode).toBe(201);
    expect(await unreadOf(author)).toBe(0);

    await act(fan, 'POST', `/api/posts/${post.post_id}/like`);
    // Liking again changes nothing, so it tells nobody again.
    await act(fan, 'POST', `/api/posts/${post.post_id}/like`);
    await act(fan, 'POST', `/api/posts/${post.post_id}/comments`, { text: 'Gorgeous colours' });
    expect((await act(fan, 'POST', `/api/posts/${post.post_id}/share`, {})).statusCode).toBe(201);

    const { notifications, unreadCount } = await notificationsOf(author);
    expect(unreadCount).toBe(3);
    expect(notifications.map((n) => n.kind)).toEqual(['share', 'comment', 'like']);
    for (const n of notifications) expect(n.payload).toMatchObject({ username: fan.username, post_id: post.post_id, actor_id: fan.id });
    expect(notifications[1]!.payload.text).toBe('Gorgeous colours');
    expect(await unreadOf(fan)).toBe(0);
  });

  it('tells members mentioned in a post or a comment, once, and not the mentioner', async () => {
    const writer = await buildMember(t);
    const named = await buildMember(t);
    const post = await buildPost(
      t,
      writer,
      `Coffee with @${named.username.toUpperCase()} and @${named.username} and @${writer.username} and @nobody_here`,
    );
    let list = await notificationsOf(named);
    expect(list.notifications.map((n) => n.kind)).toEqual(['mention']);
    expect(list.notifications[0]!.payload).toMatchObject({ post_id: post.post_id, username: writer.username });
    expect(await unreadOf(writer)).toBe(0);

    const third = await buildMember(t);
    await act(third, 'POST', `/api/posts/${post.post_id}/comments`, { text: `@${named.username} look, and @${writer.username}` });
    list = await notificationsOf(named);
    expect(list.notifications.map((n) => n.kind)).toEqual(['mention', 'mention']);
    // The post's author gets the comment notification, not a second one for the mention.
    expect((await notificationsOf(writer)).notifications.map((n) => n.kind)).toEqual(['comment']);
  });

  it('can be read: the counter goes down', async () => {
    const author = await buildMember(t);
    const fan = await buildMember(t);
    const post = await buildPost(t, author);
    await act(fan, 'POST', `/api/posts/${post.post_id}/like`);
    expect(await unreadOf(author)).toBe(1);
    expect((await act(author, 'POST', '/api/notifications/read-all')).statusCode).toBe(200);
    expect(await unreadOf(author)).toBe(0);
  });
});

describe('feed notifications are not repeated', () => {
  it('liking, unliking and liking again, or sharing, unsharing and sharing again, tells the author once each', async () => {
    const author = await buildMember(t);
    const fan = await buildMember(t);
    const post = await buildPost(t, author, 'Do not spam me');
    for (let i = 0; i < 3; i++) {
      expect((await act(fan, 'POST', `/api/posts/${post.post_id}/like`)).statusCode).toBe(200);
      expect((await act(fan, 'DELETE', `/api/posts/${post.post_id}/like`)).statusCode).toBe(200);
      expect((await act(fan, 'POST', `/api/posts/${post.post_id}/share`, {})).statusCode).toBe(201);
      expect((await act(fan, 'DELETE', `/api/posts/${post.post_id}/share`)).statusCode).toBe(200);
    }
    expect((await notificationsOf(author)).notifications.map((n) => n.kind)).toEqual(['share', 'like']);
    // Another member's like is news of its own.
    await act(await buildMember(t), 'POST', `/api/posts/${post.post_id}/like`);
    expect(await unreadOf(author)).toBe(3);
  });

  it('an edit tells only the members it newly names, and a name removed and put back is not news again', async () => {
    const writer = await buildMember(t);
    const first = await buildMember(t);
    const second = await buildMember(t);
    const post = await buildPost(t, writer, `Lunch with @${first.username}`);
    const edit = (text: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/posts/${post.post_id}`, headers: writer.auth, payload: { post: text } });
    expect((await edit(`Lunch with @${first.username} and @${second.username}.`)).statusCode).toBe(200);
    expect((await notificationsOf(second)).notifications).toEqual([
      expect.objectContaining({ kind: 'mention', payload: expect.objectContaining({ post_id: post.post_id }) }),
    ]);
    expect(await unreadOf(first)).toBe(1);
    await edit('Lunch alone');
    await edit(`Lunch with @${first.username} and @${second.username} after all`);
    expect(await unreadOf(first)).toBe(1);
    expect(await unreadOf(second)).toBe(1);
  });

  it('an email address in a post names nobody', async () => {
    const writer = await buildMember(t);
    const named = await buildMember(t);
    await buildPost(t, writer, `mail me at hello@${named.username}.com`);
    expect(await unreadOf(named)).toBe(0);
  });
});
