import { randomUUID } from 'node:crypto';
import { ErrorCode, type Call, type CallEnding, type CallMedia, type CallSignal } from '@tribeverse/shared';
import { badRequest } from '../../lib/errors.ts';
import type { CallEvents } from './calls.events.ts';
import { assertMayAnswer, assertMayHangUp, callBusy, callGone, selfBusy, signalTarget } from './calls.policy.ts';
import { presentCall } from './calls.presenter.ts';
import type { CallRow, CallsRepository } from './calls.repository.ts';

/** What calls need of chat: its rule of who may message whom, and telling both people of a new line in their chat. */
export interface CallsChat {
  assertMayMessage(me: number, peerId: number): Promise<void>;
  announceLine(messageId: number): Promise<void>;
}

export interface CallsOptions {
  ringMs: number;
  /** Whether a socket (by id) is connected, on any process. */
  isConnected(socketId: string): Promise<boolean>;
  log: { warn(details: object, message: string): void };
}

/** A ringing call older than this has lost the process that would have timed it out. */
const LOST_TIMER_GRACE_MS = 30_000;

/**
 * One-to-one calls: ringing → active → ended, or declined, missed (not answered within the ring time, or cancelled
 * by the caller) and busy. The state is in the database (calls, call_parties), so every process sees the same call;
 * the ring timer is the starting process's. A call whose sockets are all gone (a process that died with them) is
 * found stale and ended when one of its people calls or is called again.
 */
export class CallsService {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly repository: CallsRepository,
    private readonly events: CallEvents,
    private readonly chat: CallsChat,
    private readonly options: CallsOptions,
  ) {}

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
    this.timers.set(call.id, setTimeout(() => this.track(this.finish(call.id, 'missed', ['ringing'])), this.options.ringMs).unref());
    return call;
  }

  async accept(me: number, socketId: string, callId: string): Promise<Call> {
    assertMayAnswer(await this.repository.find(callId), me);
    const row = await this.repository.accept(callId, socketId);
    if (!row) throw callGone();
    this.clearTimer(callId);
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

  /** A socket that was in a call closed: the call ends for both (the other side cannot hear it any more). */
  async socketClosed(callId: string, socketId: string) {
    const row = await this.repository.find(callId);
    if (!row || (row.callerSocket !== socketId && row.calleeSocket !== socketId)) return;
    if (row.state === 'active') await this.finish(callId, 'ended', ['active']);
    else if (row.state === 'ringing') await this.finish(callId, 'missed', ['ringing']);
  }

  /** Timers stop with the process; what they were doing is waited for. */
  async close() {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.pending);
  }

  /** Ends the call once (whoever asks first), tells both people, and leaves its line in their chat. */
  private async finish(callId: string, state: CallEnding, from: Array<'ringing' | 'active'>): Promise<boolean> {
    this.clearTimer(callId);
    const row = await this.repository.end(callId, state, from);
    if (!row) return false;
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

  /** Calls holding someone busy whose sockets are gone: ended as missed or ended. True when any was. */
  private async endStale(rows: CallRow[]): Promise<boolean> {
    let ended = false;
    for (const row of rows) {
      const sockets = [row.callerSocket, ...(row.state === 'active' && row.calleeSocket ? [row.calleeSocket] : [])];
      const connected = await Promise.all(sockets.map((id) => this.options.isConnected(id)));
      const timerLost = row.state === 'ringing' && Date.now() - +row.createdAt > this.options.ringMs + LOST_TIMER_GRACE_MS;
      if (connected.every(Boolean) && !timerLost) continue;
      if (await this.finish(row.id, row.state === 'active' ? 'ended' : 'missed', ['ringing', 'active'])) ended = true;
    }
    return ended;
  }

  private async present(row: CallRow): Promise<Call> {
    const people = await this.repository.findPeople([row.callerId, row.calleeId]);
    return presentCall(row, new Map(people.map((p) => [p.id, p])));
  }

  private clearTimer(callId: string) {
    clearTimeout(this.timers.get(callId));
    this.timers.delete(callId);
  }

  private track(work: Promise<unknown>) {
    const done: Promise<unknown> = work
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'call ring timeout failed'))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }
}
