import { Adapter, type BroadcastOptions } from 'socket.io-adapter';
import { describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../test/support/test-app.ts';
import { twoProcesses } from '../../test/support/two-processes.ts';
import { directMember, type DirectMember } from '../../test/support/direct-member.ts';
import { userRoom } from './rooms.ts';

const sendPrivate = async (t: TestApp, from: DirectMember, to: DirectMember, text: string) =>
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/chat/send', headers: from.auth, payload: { peer_id: to.id, text } })).statusCode,
  ).toBe(201);

describe.skipIf(!process.env.REDIS_URL)('fan-out across two processes on Redis (skipped: REDIS_URL is not set)', () => {
  const cluster = twoProcesses();

  it('reaches only the processes with members in the rooms, and each of their sockets once', async () => {
    const { one, two } = cluster;
    const [ann, bob, cat] = [await directMember(one), await directMember(one), await directMember(one)];
    // What process two hands to its own sockets, whether sent by it or heard from Redis (both end in the in-memory
    // adapter's broadcast): the text of each message:new.
    const heardOnTwo: string[] = [];
    const broadcast = Adapter.prototype.broadcast;
    const watch = vi.spyOn(Adapter.prototype, 'broadcast').mockImplementation(function (
      this: Adapter,
      packet: { data?: unknown[] },
      opts: BroadcastOptions,
    ) {
      const [event, payload] = packet.data ?? [];
      if (this === (two.app.ctx.realtime.chat.adapter as unknown) && event === 'message:new')
        heardOnTwo.push((payload as { text: string }).text);
      return broadcast.call(this, packet, opts);
    });
    try {
      const b = await cluster.connect(one, bob.token);
      const c = await cluster.connect(two, cat.token);
      const annOnTwo = await cluster.connect(two, ann.token);

      // While ann has a tab on two, a message between her and bob reaches two for her; once it closed, none does.
      await sendPrivate(one, ann, bob, 'while ann is on two');
      await annOnTwo.next('message:new', (m) => m.text === 'while ann is on two');
      annOnTwo.socket.disconnect();
      await vi.waitFor(async () => expect(await two.app.ctx.realtime.chat.local.fetchSockets()).toHaveLength(1));

      await sendPrivate(one, ann, bob, 'only on one');
      await b.next('message:new', (m) => m.text === 'only on one');
      // Sent after it through the same connection to Redis: once it arrived on two, anything before it did too.
      await sendPrivate(one, bob, cat, 'to cat');
      await c.next('message:new', (m) => m.text === 'to cat');
      expect(heardOnTwo).toEqual(['while ann is on two', 'to cat']);

      // A socket in two of an event's rooms: process two hears the event once per room it holds, its socket once.
      const realtime = one.app.ctx.realtime;
      realtime.chat.in(userRoom(cat.id)).socketsJoin('fan-out-test');
      expect(await realtime.chat.in('fan-out-test').fetchSockets()).toHaveLength(1);
      realtime.chat.to([userRoom(cat.id), 'fan-out-test']).emit('session:revoked');
      await sendPrivate(one, bob, cat, 'marker');
      await c.next('message:new', (m) => m.text === 'marker');
      expect(c.names().filter((name) => name === 'session:revoked')).toHaveLength(1);
    } finally {
      watch.mockRestore();
    }
  });
});
