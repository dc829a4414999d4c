import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callParties, calls } from '../../db/schema/index.ts';
import { twoProcesses } from '../../../test/support/two-processes.ts';
import { directMember } from '../../../test/support/direct-member.ts';

const ask = (client: { socket: { emit(...args: unknown[]): unknown } }, event: string, payload: unknown) =>
  new Promise<any>((resolve) => client.socket.emit(event, payload, resolve));

describe.skipIf(!process.env.REDIS_URL)('calls across two processes on one database and Redis (skipped: REDIS_URL is not set)', () => {
  // A short wait for a party whose socket closed, so a call nobody comes back to ends within the test.
  const cluster = twoProcesses({ CALL_RECONNECT_SECONDS: '2' });

  it('rings, connects, relays and ends between members on different processes, and is busy on both', async () => {
    const { one, two } = cluster;
    const [ann, bob, cat] = [await directMember(one), await directMember(one), await directMember(one)];
    const a = await cluster.connect(one, ann.token);
    const b = await cluster.connect(two, bob.token);
    const c = await cluster.connect(two, cat.token);
    const started = await ask(a, 'call:start', { peer_id: bob.id, media: 'audio' });
    expect(started.ok).toBe(true);
    await b.next('call:incoming', (call) => call.id === started.call.id);
    // Another process sees the same call: Cat, on process two, finds Bob busy.
    expect(await ask(c, 'call:start', { peer_id: bob.id, media: 'audio' })).toMatchObject({ ok: false, code: 'CALL_BUSY' });
    expect(await ask(b, 'call:accept', { call_id: started.call.id })).toMatchObject({ ok: true });
    await a.next('call:accepted');
    const description = { type: 'offer', sdp: 'v=0\r\n' };
    expect(await ask(a, 'call:signal', { call_id: started.call.id, description })).toEqual({ ok: true });
    expect(await b.next('call:signal')).toEqual({ call_id: started.call.id, description });
    expect(await ask(b, 'call:hangup', { call_id: started.call.id })).toEqual({ ok: true });
    expect(await a.next('call:ended')).toMatchObject({ call_id: started.call.id, state: 'ended' });
  });

  it('frees a member whose call lost its sockets with their process', async () => {
    const { one, two } = cluster;
    const [ann, bob, cat] = [await directMember(one), await directMember(one), await directMember(one)];
    await cluster.connect(two, bob.token);
    const c = await cluster.connect(two, cat.token);
    // A call Ann rang Bob with from a process that died with her socket: its rows stay, no process times it out.
    const lost = crypto.randomUUID();
    await one.db.insert(calls).values({ id: lost, callerId: ann.id, calleeId: bob.id, media: 'audio', callerSocket: 'gone-socket' });
    await one.db.insert(callParties).values([
      { userId: ann.id, callId: lost },
      { userId: bob.id, callId: lost },
    ]);
    // No process holds that socket, so the call is stale: it ends as missed, and Cat gets through.
    const again = await ask(c, 'call:start', { peer_id: bob.id, media: 'audio' });
    expect(again).toMatchObject({ ok: true });
    const [row] = await one.db.select().from(calls).where(eq(calls.id, lost));
    expect(row!.state).toBe('missed');
  });

  it('keeps a call whose party came back on another process, and ends the one nobody came back to', async () => {
    const { one, two } = cluster;
    const [ann, bob, cat, dan] = [await directMember(one), await directMember(one), await directMember(one), await directMember(one)];
    const talk = async (caller: { token: string }, calleeId: number, callee: { token: string }) => {
      const from = await cluster.connect(one, caller.token);
      const to = await cluster.connect(two, callee.token);
      const { call } = await ask(from, 'call:start', { peer_id: calleeId, media: 'audio' });
      expect(await ask(to, 'call:accept', { call_id: call.id })).toMatchObject({ ok: true });
      await from.next('call:accepted');
      return { from, to, callId: call.id as string };
    };
    const first = await talk(ann, bob.id, bob);
    const second = await talk(cat, dan.id, dan);
    // Bob and Dan lose their sockets on process two, whose timers then wait for them; Bob comes back on process one.
    first.to.socket.disconnect();
    second.to.socket.disconnect();
    const back = await cluster.connect(one, bob.token);
    expect(await ask(back, 'call:resume', { call_id: first.callId })).toMatchObject({ ok: true, call: { state: 'active' } });
    expect(await first.from.next('call:resumed')).toEqual({ call_id: first.callId });

    // Dan's call ends when process two's wait runs out; Bob's, read from the row there, is left alone.
    expect(await second.from.next('call:ended')).toMatchObject({ call_id: second.callId, state: 'ended' });
    const description = { type: 'offer', sdp: 'v=0\r\n' };
    expect(await ask(first.from, 'call:signal', { call_id: first.callId, description })).toEqual({ ok: true });
    expect(await back.next('call:signal')).toEqual({ call_id: first.callId, description });
    expect(first.from.names()).not.toContain('call:ended');
    expect(await ask(back, 'call:hangup', { call_id: first.callId })).toEqual({ ok: true });
    expect(await first.from.next('call:ended')).toMatchObject({ call_id: first.callId, state: 'ended' });
  });
});
