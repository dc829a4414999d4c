import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { createTestApp } from '../../../test/support/test-app.ts';

// The wait for a party whose socket closed, at two seconds: long enough to come back in, short enough to wait out.
const GRACE_MS = 2000;
const t = useTestApp({ CALL_RECONNECT_SECONDS: String(GRACE_MS / 1000) }, { listen: true });

type Client = Awaited<ReturnType<typeof t.socket>>;
const ask = (client: Client, event: string, payload: unknown) => new Promise<any>((resolve) => client.socket.emit(event, payload, resolve));
const offer = { type: 'offer', sdp: 'v=0\r\n' };

/** Two members talking: Ann called, Bob answered. */
async function talking() {
  const [ann, bob] = await t.members(2);
  const [a, b] = [await t.socket(ann), await t.socket(bob)];
  const { call } = await ask(a, 'call:start', { peer_id: bob.id, media: 'video' });
  expect(await ask(b, 'call:accept', { call_id: call.id })).toMatchObject({ ok: true });
  await a.next('call:accepted');
  return { ann, bob, a, b, callId: call.id as string };
}

describe('a call whose party loses their connection', () => {
  it('waits for them to come back on a new socket, and ends for the one who never does', async () => {
    const first = await talking();
    const second = await talking();
    // Both callees drop at once (a network switch); only the first comes back.
    first.b.socket.disconnect();
    const dropped = Date.now();
    second.b.socket.disconnect();
    const back = await t.socket(first.bob);
    const resumed = await ask(back, 'call:resume', { call_id: first.callId });
    expect(resumed).toMatchObject({ ok: true, call: { id: first.callId, state: 'active' } });
    expect(await first.a.next('call:resumed')).toEqual({ call_id: first.callId });

    // The second call ends once the wait is over, for the caller and the callee's other sockets, as a talk that ended.
    const ended = await second.a.next('call:ended');
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(GRACE_MS - 100);
    expect(ended).toMatchObject({ call_id: second.callId, state: 'ended', duration: expect.any(Number) });
    const line = await second.a.next('message:new', (m) => m.call?.call_id === second.callId);
    expect(line).toMatchObject({ call: { outcome: 'completed' } });

    // The first outlived its wait: still on, its signals reach the new socket both ways.
    expect(await ask(first.a, 'call:signal', { call_id: first.callId, description: offer })).toEqual({ ok: true });
    expect(await back.next('call:signal')).toEqual({ call_id: first.callId, description: offer });
    const answer = { type: 'answer', sdp: 'v=0\r\n' };
    expect(await ask(back, 'call:signal', { call_id: first.callId, description: answer })).toEqual({ ok: true });
    expect(await first.a.next('call:signal')).toEqual({ call_id: first.callId, description: answer });
    expect(first.a.names()).not.toContain('call:ended');

    expect(await ask(first.a, 'call:hangup', { call_id: first.callId })).toEqual({ ok: true });
    expect(await back.next('call:ended')).toMatchObject({ call_id: first.callId, state: 'ended' });
    expect(await first.a.next('call:ended')).toMatchObject({ call_id: first.callId, state: 'ended' });
    // Over means over: resuming it again is refused.
    expect(await ask(back, 'call:resume', { call_id: first.callId })).toMatchObject({ ok: false, code: 'CALL_GONE' });
  });

  it('ends at once when the one still there hangs up while the other is away', async () => {
    const { bob, a, b, callId } = await talking();
    b.socket.disconnect();
    expect(await ask(a, 'call:hangup', { call_id: callId })).toEqual({ ok: true });
    const ended = await a.next('call:ended');
    expect(ended).toMatchObject({ call_id: callId, state: 'ended' });
    // Back too late: the call is over, and Bob is free to be called again.
    const back = await t.socket(bob);
    expect(await ask(back, 'call:resume', { call_id: callId })).toMatchObject({ ok: false, code: 'CALL_GONE' });
    expect(await ask(a, 'call:start', { peer_id: bob.id, media: 'audio' })).toMatchObject({ ok: true });
  });

  it('ends the time talked when the socket closed, not when the wait ran out', async () => {
    const { a, b, callId } = await talking();
    b.socket.disconnect();
    const lostAt = Date.now();
    await a.next('call:ended');
    const [row] = await t.db.select().from(calls).where(eq(calls.id, callId));
    expect(row!.state).toBe('ended');
    expect(+row!.endedAt!).toBeLessThan(lostAt + GRACE_MS / 2);
  });

  it('is refused to anyone not in the call, and for a call that only rings', async () => {
    const { callId } = await talking();
    const [eve, cat, dan] = await t.members(3);
    const e = await t.socket(eve);
    expect(await ask(e, 'call:resume', { call_id: callId })).toMatchObject({ ok: false, code: 'CALL_GONE' });
    expect(await ask(e, 'call:resume', { call_id: 'nope' })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await ask(e, 'call:resume', { call_id: crypto.randomUUID() })).toMatchObject({ ok: false, code: 'CALL_GONE' });
    // A ring its caller's socket left is missed at once, with nothing to come back to.
    const [c, d] = [await t.socket(cat), await t.socket(dan)];
    const { call } = await ask(c, 'call:start', { peer_id: dan.id, media: 'audio' });
    await d.next('call:incoming');
    c.socket.disconnect();
    expect(await d.next('call:ended')).toEqual({ call_id: call.id, state: 'missed', duration: null });
    expect(await ask(await t.socket(cat), 'call:resume', { call_id: call.id })).toMatchObject({ ok: false, code: 'CALL_GONE' });
  });

  it('survives a restart of the process both were on, and waits for the one who has not come back yet', async () => {
    // The process both are on, stopped as a restart stops it; `t` is the process they come back to.
    const old = await createTestApp({ CALL_RECONNECT_SECONDS: String(GRACE_MS / 1000) }, { sameDeploymentAs: t.instance });
    await old.app.listen({ port: 0, host: '127.0.0.1' });
    const [ann, bob] = await t.members(2);
    const [a, b] = [await connectRecorder(socketUrl(old), ann.token), await connectRecorder(socketUrl(old), bob.token)];
    const { call } = await ask(a, 'call:start', { peer_id: bob.id, media: 'audio' });
    expect(await ask(b, 'call:accept', { call_id: call.id })).toMatchObject({ ok: true });
    await old.close();
    expect(a.names()).not.toContain('call:ended');
    const [row] = await t.db.select().from(calls).where(eq(calls.id, call.id));
    expect(row!.state).toBe('active');

    const back = await t.socket(ann);
    expect(await ask(back, 'call:resume', { call_id: call.id })).toMatchObject({ ok: true, call: { state: 'active' } });
    // Bob never returns: his wait starts from Ann's return, on the process she came back to.
    expect(await back.next('call:ended')).toMatchObject({ call_id: call.id, state: 'ended' });
    a.socket.disconnect();
    b.socket.disconnect();
  });
});
