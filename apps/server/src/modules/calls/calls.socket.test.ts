import { afterEach, describe, expect, it } from 'vitest';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { directMember, type DirectMember } from '../../../test/support/direct-member.ts';

const t = useTestApp({}, { listen: true });
const open: Array<{ disconnect(): unknown }> = [];
afterEach(() => void open.splice(0).forEach((s) => s.disconnect()));

async function connect(who: DirectMember) {
  const client = await connectRecorder(socketUrl(t.instance), who.token);
  open.push(client.socket);
  const emit = (event: string, payload: unknown) => new Promise<any>((resolve) => client.socket.emit(event, payload, resolve));
  return { ...client, emit };
}
const member = () => directMember(t);
const http = (who: DirectMember, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  t.app.inject({ method, url: `/api${path}`, headers: who.auth, payload });
const history = async (who: DirectMember, peer: DirectMember) => (await http(who, 'GET', `/chat/messages?peer_id=${peer.id}`)).json();

const offer = { type: 'offer', sdp: 'v=0\r\n' };

describe('calls over the socket', () => {
  it('rings every tab of the callee, connects the answering tab, relays signals to the two parties only', async () => {
    const [ann, bob, eve] = [await member(), await member(), await member()];
    const [a, b1, b2, e] = [await connect(ann), await connect(bob), await connect(bob), await connect(eve)];
    const started = await a.emit('call:start', { peer_id: bob.id, media: 'video' });
    expect(started).toMatchObject({ ok: true, call: { state: 'ringing', media: 'video', caller: { id: ann.id }, callee: { id: bob.id } } });
    const callId = started.call.id;
    expect(await b1.next('call:incoming')).toMatchObject({ id: callId });
    expect(await b2.next('call:incoming')).toMatchObject({ id: callId });

    // Before an answer there is nobody to signal to.
    expect(await a.emit('call:signal', { call_id: callId, description: offer })).toMatchObject({ ok: false, code: 'CALL_GONE' });
    // Eve may not answer, hang up or signal a call that is not hers.
    expect(await e.emit('call:accept', { call_id: callId })).toMatchObject({ ok: false, code: 'CALL_GONE' });
    expect(await e.emit('call:hangup', { call_id: callId })).toMatchObject({ ok: false, code: 'CALL_GONE' });

    const accepted = await b1.emit('call:accept', { call_id: callId });
    expect(accepted).toMatchObject({ ok: true, call: { state: 'active' } });
    expect(await a.next('call:accepted')).toMatchObject({ call: { id: callId } });
    // Bob's other tab stops ringing, and may not take over the call.
    expect(await b2.next('call:accepted')).toMatchObject({ call: { id: callId } });
    expect(await b2.emit('call:accept', { call_id: callId })).toMatchObject({ ok: false, code: 'CALL_GONE' });
    expect(await b2.emit('call:signal', { call_id: callId, description: offer })).toMatchObject({ ok: false, code: 'CALL_GONE' });

    expect(await a.emit('call:signal', { call_id: callId, description: offer })).toEqual({ ok: true });
    expect(await b1.next('call:signal')).toEqual({ call_id: callId, description: offer });
    const candidate = { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    expect(await b1.emit('call:signal', { call_id: callId, candidate })).toEqual({ ok: true });
    expect(await a.next('call:signal')).toEqual({ call_id: callId, candidate });
    expect(await e.emit('call:signal', { call_id: callId, candidate })).toMatchObject({ ok: false, code: 'CALL_GONE' });

    expect(await a.emit('call:hangup', { call_id: callId })).toEqual({ ok: true });
    expect(await b1.next('call:ended')).toMatchObject({ call_id: callId, state: 'ended', duration: expect.any(Number) });
    expect(await a.next('call:ended')).toMatchObject({ call_id: callId, state: 'ended' });
    const line = await b1.next('message:new', (m) => m.call?.call_id === callId);
    expect(line).toMatchObject({ sender_id: ann.id, receiver_id: bob.id, text: '', call: { media: 'video', outcome: 'completed' } });
    // Only the two parties heard anything of it.
    expect(e.names().filter((n) => n.startsWith('call:') || n === 'message:new')).toEqual([]);
    expect(b2.names().filter((n) => n === 'call:signal')).toEqual([]);
    expect((await history(bob, ann)).at(-1)).toMatchObject({ id: line.id, call: { outcome: 'completed', duration: expect.any(Number) } });
    // A call's line is not a message anyone edits.
    expect((await http(ann, 'PATCH', `/chat/messages/${line.id}`, { text: 'x' })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('is declined by the callee, and leaves a declined line for both', async () => {
    const [ann, bob] = [await member(), await member()];
    const [a, b] = [await connect(ann), await connect(bob)];
    const { call } = await a.emit('call:start', { peer_id: bob.id, media: 'audio' });
    await b.next('call:incoming');
    expect(await a.emit('call:decline', { call_id: call.id })).toMatchObject({ ok: false, code: 'CALL_GONE' });
    expect(await b.emit('call:decline', { call_id: call.id })).toEqual({ ok: true });
    expect(await a.next('call:ended')).toEqual({ call_id: call.id, state: 'declined', duration: null });
    expect(await a.next('message:new')).toMatchObject({ call: { outcome: 'declined', media: 'audio', duration: null } });
    expect(await b.emit('call:accept', { call_id: call.id })).toMatchObject({ ok: false, code: 'CALL_GONE' });
    // Both are free again.
    expect(await a.emit('call:start', { peer_id: bob.id, media: 'audio' })).toMatchObject({ ok: true });
  });

  it('answers busy when the callee is in another call, and the caller when they are', async () => {
    const [ann, bob, cat] = [await member(), await member(), await member()];
    const [a, b, c] = [await connect(ann), await connect(bob), await connect(cat)];
    const first = await a.emit('call:start', { peer_id: bob.id, media: 'audio' });
    await b.emit('call:accept', { call_id: first.call.id });
    expect(await c.emit('call:start', { peer_id: bob.id, media: 'video' })).toMatchObject({ ok: false, code: 'CALL_BUSY' });
    expect(await a.emit('call:start', { peer_id: cat.id, media: 'audio' })).toMatchObject({ ok: false, code: 'CALL_BUSY' });
    // Bob learns someone tried: a missed line from Cat, with no ringing.
    expect(await b.next('message:new', (m) => m.sender_id === cat.id)).toMatchObject({ call: { outcome: 'busy' } });
    expect(b.events.filter((e) => e.name === 'call:incoming' && e.payload.caller.id === cat.id)).toEqual([]);
  });

  it('is refused between people who may not message each other', async () => {
    const [ann, bob, picky, self] = [await member(), await member(), await member(), await member()];
    const a = await connect(ann);
    expect((await http(bob, 'POST', `/chat/blocks/${ann.id}`)).statusCode).toBeLessThan(300);
    expect(await a.emit('call:start', { peer_id: bob.id, media: 'audio' })).toMatchObject({ ok: false, code: 'BLOCKED' });
    expect((await http(picky, 'PATCH', '/settings', { message_permission: 'following' })).statusCode).toBe(200);
    expect(await a.emit('call:start', { peer_id: picky.id, media: 'audio' })).toMatchObject({ ok: false, code: 'MESSAGES_RESTRICTED' });
    expect(await a.emit('call:start', { peer_id: ann.id, media: 'audio' })).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await a.emit('call:start', { peer_id: 999_999, media: 'audio' })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await a.emit('call:start', { peer_id: self.id, media: 'hologram' })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await a.emit('call:signal', { call_id: 'nope', candidate: {} })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await a.emit('call:hangup', null)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    // Nothing was rung or recorded.
    expect(await history(self, ann)).toEqual([]);
  });
});
