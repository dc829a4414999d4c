import type {
  Call,
  CallAcceptedEvent,
  CallEndedEvent,
  CallEnding,
  CallMedia,
  CallResumedEvent,
  CallSignal,
  ChatUser,
} from '@tribeverse/shared';
import type { AppSocket } from '../../../lib/socket';
import { getIceServers, NO_ICE_SERVERS, type IceConfig } from '../api/ice-servers';
import { askServer, type CallEvent } from './call-ask';
import { openLocalMedia, switchTrack } from './call-media';
import { idleCall, type CallView } from './call-view';

export { idleCall, type CallPhase, type CallView } from './call-view';

/**
 * One tab's side of a call: the state machine the screens render, the socket signalling and the RTCPeerConnection.
 * The caller makes the offer once the callee answered; candidates that come before the remote description wait.
 * A talk outlives a dropped socket: the server waits for this tab to come back and resume it, and a media path that
 * broke meanwhile is found again with an ICE restart (either side may start one; when both do, the caller's wins).
 */
export class CallEngine {
  private view: CallView = idleCall;
  private readonly listeners = new Set<() => void>();
  private pc: RTCPeerConnection | null = null;
  private waiting: RTCIceCandidateInit[] = [];
  private overTimer: ReturnType<typeof setTimeout> | undefined;
  private giveUpTimer: ReturnType<typeof setTimeout> | undefined;
  /** How long a broken media path is waited for (the server's wait, told with the ICE servers). */
  private giveUpMs = NO_ICE_SERVERS.giveUpMs;
  /** This tab's socket dropped during the talk: the next connect resumes the call. */
  private away = false;
  /** The media path is disconnected or failed. */
  private mediaDown = false;
  /** A call hung up while the socket was away: told to the server once it is back, so the other side is not kept waiting. */
  private unsentHangUp: string | null = null;

  constructor(
    private readonly socket: AppSocket,
    private readonly me: number,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  snapshot = () => this.view;

  /** Rings `peer` from this tab. */
  async start(peer: ChatUser, media: CallMedia) {
    if (this.view.phase !== 'idle' && this.view.phase !== 'over') return;
    this.set({ ...idleCall, phase: 'outgoing', peer, media });
    let local: MediaStream;
    try {
      local = await openLocalMedia(media);
    } catch {
      return this.set({ phase: 'over', ending: 'failed', problem: 'Allow the microphone and camera for this site to call.' });
    }
    this.set({ local });
    const ack = await this.emit('call:start', { peer_id: peer.id, media });
    if (!ack.ok) {
      this.release();
      return this.set({ phase: 'over', ending: ack.code === 'CALL_BUSY' ? 'busy' : 'failed', problem: ack.msg, local: null });
    }
    // Hung up while the server was still placing the call: it is ended there too, or it would ring on.
    if (this.snapshot().phase !== 'outgoing') return void this.emit('call:hangup', { call_id: ack.call!.id });
    this.set({ call: ack.call! });
  }

  incoming(call: Call) {
    if (call.callee.id !== this.me || (this.view.phase !== 'idle' && this.view.phase !== 'over')) return;
    clearTimeout(this.overTimer);
    this.set({ ...idleCall, phase: 'incoming', call, peer: call.caller, media: call.media });
  }

  async accept() {
    const call = this.view.call;
    if (this.view.phase !== 'incoming' || !call) return;
    this.set({ phase: 'connecting' });
    try {
      const [local, ice] = await Promise.all([openLocalMedia(call.media), getIceServers()]);
      this.set({ local });
      this.connect(ice, local);
    } catch {
      await this.emit('call:decline', { call_id: call.id });
      this.release();
      return this.set({ phase: 'over', ending: 'failed', problem: 'Allow the microphone and camera for this site to answer.' });
    }
    const ack = await this.emit('call:accept', { call_id: call.id });
    if (!ack.ok) {
      this.release();
      this.set({ phase: 'over', ending: 'failed', problem: ack.msg });
    }
  }

  decline() {
    const call = this.view.call;
    if (this.view.phase !== 'incoming' || !call) return;
    void this.emit('call:decline', { call_id: call.id });
    this.set(idleCall);
  }

  hangUp() {
    const call = this.view.call;
    if (call && this.away) this.unsentHangUp = call.id;
    else if (call) void this.emit('call:hangup', { call_id: call.id });
    this.finish('ended');
  }

  /** The callee answered (on this or another of their tabs). */
  async accepted({ call }: CallAcceptedEvent) {
    if (this.view.call?.id !== call.id) return;
    // Another tab of ours answered: this one stops ringing.
    if (this.view.phase === 'incoming') return this.set(idleCall);
    if (this.view.phase !== 'outgoing' || !this.view.local) return;
    this.set({ phase: 'connecting', call });
    const pc = this.connect(await getIceServers().catch(() => NO_ICE_SERVERS), this.view.local);
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    void this.emit('call:signal', { call_id: call.id, description: { type: 'offer', sdp: offer.sdp ?? '' } });
  }

  async signal(signal: CallSignal) {
    const pc = this.pc;
    const call = this.view.call;
    if (!pc || call?.id !== signal.call_id) return;
    if (signal.description) {
      // Both sides restarted ICE at once: the caller keeps its offer, the callee drops its own and answers.
      const glare = signal.description.type === 'offer' && pc.signalingState !== 'stable';
      if (glare && call.caller.id === this.me) return;
      if (glare) await pc.setLocalDescription({ type: 'rollback' });
      await pc.setRemoteDescription(signal.description);
      for (const candidate of this.waiting.splice(0)) await pc.addIceCandidate(candidate).catch(() => undefined);
      if (signal.description.type === 'offer') {
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        void this.emit('call:signal', { call_id: signal.call_id, description: { type: 'answer', sdp: answer.sdp ?? '' } });
      }
    } else if (signal.candidate) {
      if (pc.remoteDescription) await pc.addIceCandidate(signal.candidate).catch(() => undefined);
      else this.waiting.push(signal.candidate);
    }
  }

  ended(event: CallEndedEvent) {
    if (this.view.call?.id !== event.call_id) return;
    // A ring that stopped (answered elsewhere, or given up) leaves nothing to say on the callee's screen.
    if (this.view.phase === 'incoming') return this.set(idleCall);
    this.finish(event.state);
  }

  /**
   * This tab's socket dropped. A ring is over (the server misses a call whose caller left; a ringing tab is rung
   * again by nobody). A talk goes on: the media may still flow, and the server waits for this tab to come back.
   */
  connectionLost() {
    if (this.view.phase === 'incoming') return this.set(idleCall);
    if (this.view.phase === 'idle' || this.view.phase === 'over') return;
    if (this.view.phase === 'outgoing' || !this.view.call) return this.finish('ended');
    this.away = true;
    this.set({ reconnecting: true });
  }

  /** The socket is back (a new one): it takes this tab's place in the call again, or learns the call is over. */
  async reconnected() {
    if (this.unsentHangUp) void this.emit('call:hangup', { call_id: this.unsentHangUp });
    this.unsentHangUp = null;
    const call = this.view.call;
    if (!this.away || !call) return;
    const ack = await this.emit('call:resume', { call_id: call.id });
    if (this.view.call?.id !== call.id || this.view.phase === 'over') return;
    // Dropped again, or no answer in time: the next connect asks again, or the server's call:ended settles it.
    if (!ack.ok && (ack.code === 'OFFLINE' || ack.code === 'TIMEOUT')) return;
    if (!ack.ok) return this.finish('ended');
    this.away = false;
    this.set({ reconnecting: this.mediaDown });
    this.restartIfDown();
  }

  /** The other party came back on a new socket: what was sent to their old one is lost, so a broken path restarts. */
  resumed(event: CallResumedEvent) {
    if (this.view.call?.id === event.call_id) this.restartIfDown();
  }

  toggleMute() {
    const muted = !this.view.muted;
    this.view.local?.getAudioTracks().forEach((t) => (t.enabled = !muted));
    this.set({ muted });
  }

  toggleCamera() {
    const cameraOff = !this.view.cameraOff;
    this.view.local?.getVideoTracks().forEach((t) => (t.enabled = !cameraOff));
    this.set({ cameraOff });
  }

  async switchDevice(kind: 'audio' | 'video', deviceId: string) {
    if (!this.view.local) return;
    await switchTrack(this.pc, this.view.local, kind, deviceId);
    // A new stream object, so the preview picks up the new track.
    this.set({ local: new MediaStream(this.view.local.getTracks()) });
  }

  dismiss() {
    clearTimeout(this.overTimer);
    this.set(idleCall);
  }

  /** The tab is closing or the member signed out. */
  dispose() {
    if (this.view.call && this.view.phase !== 'over' && this.view.phase !== 'idle') this.hangUp();
    this.release();
    clearTimeout(this.overTimer);
  }

  private connect({ servers, giveUpMs }: IceConfig, local: MediaStream) {
    this.giveUpMs = giveUpMs;
    const pc = new RTCPeerConnection({ iceServers: servers });
    this.pc = pc;
    for (const track of local.getTracks()) pc.addTrack(track, local);
    pc.onicecandidate = ({ candidate }) => {
      const call = this.view.call;
      if (candidate && call) void this.emit('call:signal', { call_id: call.id, candidate: candidate.toJSON() });
    };
    pc.ontrack = ({ streams, track }) => this.set({ remote: streams[0] ?? new MediaStream([track]) });
    pc.onconnectionstatechange = () => this.mediaChanged(pc);
    return pc;
  }

  private mediaChanged(pc: RTCPeerConnection) {
    const state = pc.connectionState;
    if (this.pc !== pc) return;
    if (state === 'connected') {
      this.mediaDown = false;
      clearTimeout(this.giveUpTimer);
      this.giveUpTimer = undefined;
      if (this.view.phase === 'connecting') this.set({ phase: 'active', since: Date.now() });
      return this.set({ reconnecting: this.away });
    }
    if (state !== 'failed' && state !== 'disconnected') return;
    // A call that never connected has no path to come back to.
    if (this.view.phase !== 'active') return void (state === 'failed' && this.hangUp());
    this.mediaDown = true;
    this.set({ reconnecting: true });
    this.giveUpTimer ??= setTimeout(() => {
      this.giveUpTimer = undefined;
      if (this.pc === pc && pc.connectionState !== 'connected' && !this.away) this.hangUp();
    }, this.giveUpMs);
    // With this tab's socket here, a new path is looked for at once; while it is away, once it has resumed.
    if (state === 'failed' && !this.away) void this.restartIce(pc);
  }

  private restartIfDown() {
    const pc = this.pc;
    if (pc && (pc.connectionState === 'failed' || pc.connectionState === 'disconnected')) void this.restartIce(pc);
  }

  private async restartIce(pc: RTCPeerConnection) {
    const call = this.view.call;
    if (!call) return;
    const offer = await pc.createOffer({ iceRestart: true });
    if (this.pc !== pc) return;
    await pc.setLocalDescription(offer);
    void this.emit('call:signal', { call_id: call.id, description: { type: 'offer', sdp: offer.sdp ?? '' } });
  }

  private finish(ending: CallEnding) {
    this.release();
    this.set({ phase: 'over', ending, local: null, remote: null, reconnecting: false });
    clearTimeout(this.overTimer);
    this.overTimer = setTimeout(() => this.view.phase === 'over' && this.set(idleCall), 5000);
  }

  private release() {
    this.pc?.close();
    this.pc = null;
    this.away = false;
    this.mediaDown = false;
    clearTimeout(this.giveUpTimer);
    this.giveUpTimer = undefined;
    this.waiting = [];
    this.view.local?.getTracks().forEach((t) => t.stop());
  }

  private emit(event: CallEvent, payload: object) {
    return askServer(this.socket, event, payload);
  }

  private set(change: Partial<CallView>) {
    this.view = { ...this.view, ...change };
    for (const listener of this.listeners) listener();
  }
}
