import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Call } from '@tribeverse/shared';
import type { AppSocket } from '../../../lib/socket';
import type * as IceServersModule from '../api/ice-servers';
import { CallEngine } from './call-engine';

vi.mock('./call-media', () => ({
  openLocalMedia: async () => ({ getTracks: () => [], getAudioTracks: () => [], getVideoTracks: () => [] }),
  switchTrack: async () => undefined,
}));
/** What the server answers with the ICE servers: how long a broken media path is waited for. */
const ice = vi.hoisted(() => ({ giveUpMs: 30_000 }));
vi.mock('../api/ice-servers', async (original) => ({
  ...(await original<typeof IceServersModule>()),
  getIceServers: async () => ({ servers: [], giveUpMs: ice.giveUpMs }),
}));

/** What a browser's RTCPeerConnection does that the engine relies on; `become` moves it to a connection state. */
class FakePeerConnection {
  static last: FakePeerConnection;
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  remoteDescription: RTCSessionDescriptionInit | null = null;
  onconnectionstatechange: (() => void) | null = null;
  offers: RTCOfferOptions[] = [];
  constructor() {
    FakePeerConnection.last = this;
  }
  addTrack() {}
  close() {}
  async createOffer(options: RTCOfferOptions = {}) {
    this.offers.push(options);
    return { type: 'offer' as const, sdp: 'v=0 restart' };
  }
  async setLocalDescription() {}
  become(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

const person = (id: number) => ({ id, name: `Member ${id}`, username: null, avatar: null });
const call: Call = {
  id: '1f0e4b0c-1d5a-4c4f-9a3e-0c6d1b2a3f4e',
  media: 'audio',
  caller: person(1),
  callee: person(2),
  state: 'ringing',
  created_at: new Date().toISOString(),
  answered_at: null,
};

/** A socket that answers every call event with what `answers` says, and keeps what was sent. */
function fakeSocket(answers: Record<string, object>) {
  const sent: Array<{ event: string; payload: any }> = [];
  const socket = {
    connected: true,
    timeout: () => ({
      emit: (event: string, payload: object, ack: (error: unknown, answer: object) => void) => {
        sent.push({ event, payload });
        queueMicrotask(() => ack(null, answers[event] ?? { ok: true }));
      },
    }),
  };
  return { socket: socket as unknown as AppSocket, sent, raw: socket };
}

/** Bob (the callee) answered and is talking. */
async function talking(answers: Record<string, object> = {}) {
  const wire = fakeSocket({ 'call:accept': { ok: true, call: { ...call, state: 'active' } }, ...answers });
  const engine = new CallEngine(wire.socket, call.callee.id);
  engine.incoming(call);
  await engine.accept();
  const pc = FakePeerConnection.last;
  pc.become('connected');
  expect(engine.snapshot()).toMatchObject({ phase: 'active', reconnecting: false });
  return { engine, pc, wire };
}

describe('a call whose socket drops', () => {
  beforeEach(() => vi.stubGlobal('RTCPeerConnection', FakePeerConnection));
  afterEach(() => vi.unstubAllGlobals());

  it('stays on, reconnecting, resumes on the new socket and restarts a media path that broke meanwhile', async () => {
    const { engine, pc, wire } = await talking();
    wire.raw.connected = false;
    engine.connectionLost();
    expect(engine.snapshot()).toMatchObject({ phase: 'active', reconnecting: true });
    pc.become('disconnected');

    wire.raw.connected = true;
    await engine.reconnected();
    expect(wire.sent.find((s) => s.event === 'call:resume')).toEqual({ event: 'call:resume', payload: { call_id: call.id } });
    await vi.waitFor(() => expect(pc.offers).toEqual([{ iceRestart: true }]));
    await vi.waitFor(() => expect(wire.sent.at(-1)).toMatchObject({ event: 'call:signal', payload: { description: { type: 'offer' } } }));
    // Still reconnecting until media flows again.
    expect(engine.snapshot()).toMatchObject({ phase: 'active', reconnecting: true });
    pc.become('connected');
    expect(engine.snapshot()).toMatchObject({ phase: 'active', reconnecting: false });
    engine.dispose();
  });

  it('keeps the media as it was when only the socket dropped', async () => {
    const { engine, pc, wire } = await talking();
    engine.connectionLost();
    await engine.reconnected();
    expect(engine.snapshot()).toMatchObject({ phase: 'active', reconnecting: false });
    expect(pc.offers).toEqual([]);
    expect(wire.sent.map((s) => s.event)).toEqual(['call:accept', 'call:resume']);
    engine.dispose();
  });

  it('ends the call when the server says it is over', async () => {
    const { engine } = await talking({ 'call:resume': { ok: false, code: 'CALL_GONE', msg: 'This call has ended.' } });
    engine.connectionLost();
    await engine.reconnected();
    expect(engine.snapshot()).toMatchObject({ phase: 'over', ending: 'ended', reconnecting: false });
    engine.dispose();
  });

  it('tells the server of a hang-up made while away once the socket is back', async () => {
    const { engine, wire } = await talking();
    wire.raw.connected = false;
    engine.connectionLost();
    engine.hangUp();
    expect(engine.snapshot()).toMatchObject({ phase: 'over', ending: 'ended', reconnecting: false });
    wire.raw.connected = true;
    await engine.reconnected();
    expect(wire.sent.map((s) => s.event)).toEqual(['call:accept', 'call:hangup']);
    expect(wire.sent.at(-1)!.payload).toEqual({ call_id: call.id });
    engine.dispose();
  });

  it('restarts a broken path when the other party comes back', async () => {
    const { engine, pc } = await talking();
    pc.become('failed');
    expect(engine.snapshot()).toMatchObject({ phase: 'active', reconnecting: true });
    // This tab's socket was here: a new path is looked for at once, and again once the other party is back.
    await vi.waitFor(() => expect(pc.offers).toHaveLength(1));
    engine.resumed({ call_id: call.id });
    await vi.waitFor(() => expect(pc.offers).toHaveLength(2));
    engine.dispose();
  });

  it('waits for a broken media path as long as the server said, then hangs up', async () => {
    ice.giveUpMs = 70_000;
    const { engine, pc, wire } = await talking();
    vi.useFakeTimers();
    try {
      pc.become('disconnected');
      vi.advanceTimersByTime(69_000);
      expect(engine.snapshot()).toMatchObject({ phase: 'active', reconnecting: true });
      vi.advanceTimersByTime(1_000);
      expect(engine.snapshot()).toMatchObject({ phase: 'over', ending: 'ended' });
      expect(wire.sent.at(-1)).toEqual({ event: 'call:hangup', payload: { call_id: call.id } });
    } finally {
      vi.useRealTimers();
      ice.giveUpMs = 30_000;
      engine.dispose();
    }
  });
});
