import { randomUUID } from 'node:crypto';
import { ErrorCode, type Call, type CallEnding, type CallMedia, type CallSignal } from '@tribeverse/shared';
import { badRequest } from '../../lib/errors.ts';
import type { CallEvents } from './calls.events.ts';
import { CallTimers } from './calls-timers.ts';
import {
  assertMayAnswer,
  assertMayHangUp,
  assertMayResume,
  callBusy,
  callGone,
  otherSocket,
  selfBusy,
  signalTarget,
} from './calls.policy.ts';
import { presentCall } from './calls.presenter.ts';
import type { CallRow, CallsRepository } from './calls.repository.ts';

/** What calls need of chat: its rule of who may message whom, and telling both people of a new line in their chat. */
export interface CallsChat {
  assertMayMessage(me: number, peerId: number): Promise<void>;
  announceLine(messageId: number): Promise<void>;
}

export interface CallsOptions {
  ringMs: number;
  /** How long an active call waits for a party whose socket closed to come back on a new one (call:resume). */
  reconnectMs: number;
  /** Whether a socket (by id) is connected, on any process. */
  isConnected(socketId: string): Promise<boolean>;
  log: { warn(details: object, message: string): void };
}

/** A ringing call older than this has lost the process that would have timed it out. */
const LOST_TIMER_GRACE_MS = 30_000;
const RING = 'ring';

/**
 * One-to-one calls: ringing → active → ended, or declined, missed (not answered within the ring time, or cancelled
 * by the caller) and busy. The state is in the database (calls, call_parties), so every process sees the same call;
 * the ring timer is the starting process's. A party whose socket closes mid-call has `reconnectMs` to come back on a new
 * one (a network switch, a restart) before the call ends; that timer is the process's that saw the socket close, and
 * it ends the call only if the row still names the closed socket. A ringing call whose caller's socket is gone, or an
 * active one with no socket left (a process that died with them), is found stale and ended when one of its people
 * calls or is called again.
 */
export class CallsService {
  private readonly timers: CallTimers;

  constructor(
    private readonly repository: CallsRepository,
    private readonly events: CallEvents,
    private readonly chat: CallsChat,
    private readonly options: CallsOptions,
  ) {
    this.timers = new CallTimers(options.log);
  }

  async start(me: number, socketId: string, input: { peer_id: number; media: CallMedia }): Promise<Call> {
    if (input.peer_id === me) throw badRequest('You cannot call yourself.', ErrorCode.BAD_REQUEST, 'peer_id');
    await this.chat.assertMayMessage(me, input.peer_id);
    const draft = { id: randomUUID(), callerId: me, calleeId: input.peer_id, media: input.media, callerSocket: socketId };
    let result = await this.repository.start(draft);
    if ('busy' in result && (await this.endStale(result.busy.map((b) => b.call)))) result = await this.repository.start(draft);
    if ('busy' in result) {
      if (result.busy.some((b) => b.userId === me)) throw selfBusy();
      await this.repository.recordBusy(draft);
      await this.writeLine(draft, 'busy', null);
      throw callBusy();
    }
    const call = await this.present(result.started);
    this.events.incoming(call);
    this.timers.set(call.id, RING, this.options.ringMs, () => this.finish(call.id, 'missed', ['ringing']));
    return call;
  }

  async accept(me: number, socketId: string, callId: string): Promise<Call> {
    assertMayAnswer(await this.repository.find(callId), me);
    const row = await this.repository.accept(callId, socketId);
    if (!row) throw callGone();
    this.timers.clear(callId, RING);
    const call = await this.present(row);
    this.events.accepted(call, row.callerSocket, socketId);
    return call;
  }

  async decline(me: number, callId: string) {
    assertMayAnswer(await this.repository.find(callId), me);
    if (!(await this.finish(callId, 'declined', ['ringing']))) throw callGone();
  }

  /** Either party ends it: a talk ends, a ring the caller stops is missed, one the callee stops is declined. */
  async hangUp(me: number, callId: string) {
    // Twice at most: a call answered between the read and the write is hung up as the talk it has become.
    for (let attempt = 0; attempt < 2; attempt++) {
      const row = await this.repository.find(callId);
      assertMayHangUp(row, me);
      const state: CallEnding = row.state === 'active' ? 'ended' : row.callerId === me ? 'missed' : 'declined';
      if (await this.finish(callId, state, [row.state as 'ringing' | 'active'])) return;
    }
    throw callGone();
  }

  async signal(me: number, socketId: string, signal: CallSignal) {
    const target = signalTarget(await this.repository.find(signal.call_id), me, socketId);
    this.events.signal(target, signal);
  }

  /**
   * A party's new socket (after a reconnect) takes their place in the active call: signals go to it from now on, and
   * the other party is told, to renegotiate if their media dropped meanwhile.
   */
  async resume(me: number, socketId: string, callId: string): Promise<Call> {
    const before = await this.repository.find(callId);
    assertMayResume(before, me);
    const row = await this.repository.resume(callId, me, socketId);
    if (!row) throw callGone();
    const gone = before.callerId === me ? before.callerSocket : before.calleeSocket!;
    if (gone !== socketId) this.timers.clear(callId, gone);
    const other = otherSocket(row, me);
    this.events.resumed(other, { call_id: callId });
    // After a restart no process waits for the other party: when they are away too, they get the same time from now.
    if (!this.timers.has(callId, other) && !(await this.options.isConnected(other))) this.awaitReturn(callId, other);
    return this.present(row);
  }

  /**
   * A socket that was in a call closed. A ring its caller left is missed at once; a talk waits `reconnectMs` for the
   * party to come back (the media between the browsers may well be flowing still), then ends for both. A process
   * shutting down waits for nobody: its members come back to another process, or to it once it is up, and resume.
   */
  async socketClosed(callId: string, socketId: string) {
    const row = await this.repository.find(callId);
    if (!row || (row.callerSocket !== socketId && row.calleeSocket !== socketId)) return;
    if (row.state === 'ringing') await this.finish(callId, 'missed', ['ringing']);
    else if (row.state === 'active' && !this.timers.isClosed) this.awaitReturn(callId, socketId);
  }

  /** Timers stop with the process; what they were doing is waited for. */
  async close() {
    await this.timers.close();
  }

  /** Ends the call, timed from when the socket closed, unless a resume put a new socket in its place meanwhile. */
  private awaitReturn(callId: string, socketId: string) {
    const lost = { socketId, at: new Date() };
    this.timers.set(callId, socketId, this.options.reconnectMs, () => this.finish(callId, 'ended', ['active'], lost));
  }

  /** Ends the call once (whoever asks first), tells both people, and leaves its line in their chat. */
  private async finish(
    callId: string,
    state: CallEnding,
    from: Array<'ringing' | 'active'>,
    lost?: { socketId: string; at: Date },
  ): Promise<boolean> {
    const row = await this.repository.end(callId, state, from, lost);
    if (!row) return false;
    this.timers.clear(callId);
    const duration = row.answeredAt && row.endedAt ? Math.max(0, Math.round((+row.endedAt - +row.answeredAt) / 1000)) : null;
    this.events.ended(row.callerId, row.calleeId, { call_id: row.id, state, duration });
    await this.writeLine(row, state, duration);
    return true;
  }

  private async writeLine(call: Pick<CallRow, 'id' | 'callerId' | 'calleeId' | 'media'>, state: CallEnding, duration: number | null) {
    const outcome = state === 'ended' ? (duration === null ? 'missed' : 'completed') : state;
    const id = await this.repository.insertLine(call.callerId, call.calleeId, { call_id: call.id, media: call.media, outcome, duration });
    await this.chat.announceLine(id);
  }

  /**
   * Calls holding someone busy whose sockets are gone: ended as missed or ended. True when any was. An active call with
   * one party still connected is not stale: the other may be reconnecting (their wait is timed where their socket was).
   */
  private async endStale(rows: CallRow[]): Promise<boolean> {
    let ended = false;
    for (const row of rows) {
      const sockets = [row.callerSocket, ...(row.state === 'active' && row.calleeSocket ? [row.calleeSocket] : [])];
      const connected = await Promise.all(sockets.map((id) => this.options.isConnected(id)));
      const timerLost = row.state === 'ringing' && Date.now() - +row.createdAt > this.options.ringMs + LOST_TIMER_GRACE_MS;
      const gone = row.state === 'active' ? !connected.some(Boolean) : !connected.every(Boolean);
      if (!gone && !timerLost) continue;
      if (await this.finish(row.id, row.state === 'active' ? 'ended' : 'missed', ['ringing', 'active'])) ended = true;
    }
    return ended;
  }

  private async present(row: CallRow): Promise<Call> {
    const people = await this.repository.findPeople([row.callerId, row.calleeId]);
    return presentCall(row, new Map(people.map((p) => [p.id, p])));
  }
}
