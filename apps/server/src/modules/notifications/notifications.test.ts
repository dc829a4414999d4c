import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/support/factories.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { io as connect, type Socket } from 'socket.io-client';
import { buildNotificationsService } from './notifications.module.ts';
import type { NotificationsService } from './notifications.service.ts';

const t = useTestApp();
let service: NotificationsService;
beforeAll(() => {
  // Record notifications the way the features that cause them do.
  service = buildNotificationsService(t.app.ctx);
});

const actor = (id: number) => ({ actor_id: id, username: null, name: null });
const like = (postId: number) => ({ kind: 'like' as const, payload: { ...actor(1), post_id: postId } });
const comment = { kind: 'comment' as const, payload: { ...actor(1), post_id: 1, comment_id: 1, text: 'Nice' } };

const get = (url: string, auth: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: auth });
const unread = async (auth: Record<string, string>) => (await get('/api/notifications/unread-count', auth)).json().unreadCount;

describe('notifications', () => {
  it('starts at zero unread', async () => {
    const user = await buildUser(t);
    const res = await get('/api/notifications/unread-count', user.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unreadCount: 0 });
  });

  it("counts, lists newest first and pages the member's own notifications", async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    for (let i = 1; i <= 3; i++) await service.notify(user.id, like(i));
    await service.notify(other.id, like(0));
    expect(await unread(user.auth)).toBe(3);

    const page1 = (await get('/api/notifications?page=1&limit=2', user.auth)).json();
    expect(page1.notifications.map((n: { payload: { post_id: number } }) => n.payload.post_id)).toEqual([3, 2]);
    expect(page1).toMatchObject({ page: 1, limit: 2, has_more: true, unreadCount: 3 });
    expect(page1.notifications[0]).toMatchObject({ id: expect.any(Number), kind: 'like', read: false, created_at: expect.any(String) });
    const page2 = (await get('/api/notifications?page=2&limit=2', user.auth)).json();
    expect(page2.notifications.map((n: { payload: { post_id: number } }) => n.payload.post_id)).toEqual([1]);
    expect(page2.has_more).toBe(false);
  });

  it('marks one or all as read so the counter goes down, and only for their owner', async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    const a = await service.notify(user.id, comment);
    await service.notify(user.id, comment);
    const theirs = await service.notify(other.id, comment);

    const one = await t.app.inject({ method: 'POST', url: `/api/notifications/${a.id}/read`, headers: user.auth });
    expect(one.statusCode).toBe(200);
    expect(one.json().unreadCount).toBe(1);

    const foreign = await t.app.inject({ method: 'POST', url: `/api/notifications/${theirs.id}/read`, headers: user.auth });
    expect(foreign.statusCode).toBe(404);
    expect(await unread(other.auth)).toBe(1);

    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: user.auth });
    expect(all.statusCode).toBe(200);
    expect(all.json().unreadCount).toBe(0);
    expect(await unread(user.auth)).toBe(0);
    expect(await unread(other.auth)).toBe(1);
    const list = (await get('/api/notifications', user.auth)).json();
    expect(list.notifications.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it.each(['page=0', 'limit=500', 'page=abc'])('answers 400 for ?%s', async (query) => {
    const user = await buildUser(t);
    const res = await get(`/api/notifications?${query}`, user.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it("tells the member's open tabs, and nobody else, about new and read notifications", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const user = await buildUser(t);
    const other = await buildUser(t);
    const open = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect(`http://127.0.0.1:${port}/ws/chat`, { path: '/socket.io', transports: ['websocket'], auth: { token } });
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    const [mine, theirs] = await Promise.all([open(user.token), open(other.token)]);
    const strangerSaw: unknown[] = [];
    theirs.on('notification:new', (n) => strangerSaw.push(n));
    try {
      const arrived = new Promise((resolve) => mine.once('notification:new', resolve));
      const row = await service.notify(user.id, { kind: 'like', payload: { ...actor(other.id), post_id: 7 } });
      expect(await arrived).toMatchObject({ id: row.id, kind: 'like', payload: { actor_id: other.id, post_id: 7 }, read: false });

      const read = new Promise((resolve) => mine.once('notification:read', resolve));
      await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: user.auth });
      expect(await read).toEqual({ id: null, unreadCount: 0 });
      // The other member's socket was open throughout and heard nothing of this.
      await new Promise<void>((resolve) => theirs.emit('ping', () => resolve()));
      expect(strangerSaw).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('answers 400 for a bad id and 401 without a session', async () => {
    const user = await buildUser(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/abc/read', headers: user.auth })).statusCode).toBe(400);
    expect((await get('/api/notifications/unread-count', {})).statusCode).toBe(401);
    expect((await get('/api/notifications', {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read-all' })).statusCode).toBe(401);
  });
});
