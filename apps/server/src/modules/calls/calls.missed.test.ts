import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';

// The ring time at its shortest: a call nobody answers is missed after one second, heard as an event, not slept on.
const t = useTestApp({ CALL_RING_SECONDS: '1' }, { listen: true });

describe('a call nobody answers', () => {
  it('is missed after the ring time, for both, with an unread missed line for the callee', async () => {
    const [ann, bob] = await t.members(2);
    const [a, b] = [await t.socket(ann), await t.socket(bob)];
    const started = await new Promise<any>((resolve) => a.socket.emit('call:start', { peer_id: bob.id, media: 'video' }, resolve));
    expect(started.ok).toBe(true);
    await b.next('call:incoming');
    expect(await b.next('call:ended')).toEqual({ call_id: started.call.id, state: 'missed', duration: null });
    expect(await a.next('call:ended')).toMatchObject({ state: 'missed' });
    const line = await b.next('message:new');
    expect(line).toMatchObject({ sender_id: ann.id, call: { outcome: 'missed', media: 'video' }, read_at: null });
    // Answering too late finds no call.
    const late = await new Promise<any>((resolve) => b.socket.emit('call:accept', { call_id: started.call.id }, resolve));
    expect(late).toMatchObject({ ok: false, code: 'CALL_GONE' });
  });

  it('is missed when the caller gives up before an answer', async () => {
    const [ann, bob] = await t.members(2);
    const [a, b] = [await t.socket(ann), await t.socket(bob)];
    const { call } = await new Promise<any>((resolve) => a.socket.emit('call:start', { peer_id: bob.id, media: 'audio' }, resolve));
    await b.next('call:incoming');
    a.socket.emit('call:hangup', { call_id: call.id });
    expect(await b.next('call:ended')).toEqual({ call_id: call.id, state: 'missed', duration: null });
  });
});
