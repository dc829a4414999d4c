/**
 * This process's timers of calls, by call and by what they wait for (its ring, or a socket's return): a call that ends
 * stops them all. They stop with the process; what they were doing is waited for on close.
 */
export class CallTimers {
  private readonly timers = new Map<string, Map<string, NodeJS.Timeout>>();
  private readonly pending = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly log: { warn(details: object, message: string): void }) {}

  /** Runs `work` after `ms` unless cleared first; a timer of the same call and key already set is left as it is. */
  set(callId: string, key: string, ms: number, work: () => Promise<unknown>) {
    const ofCall = this.timers.get(callId) ?? new Map<string, NodeJS.Timeout>();
    if (this.closed || ofCall.has(key)) return;
    this.timers.set(callId, ofCall);
    const timer = setTimeout(() => {
      this.clear(callId, key);
      this.track(work());
    }, ms);
    ofCall.set(key, timer.unref());
  }

  has(callId: string, key: string) {
    return this.timers.get(callId)?.has(key) ?? false;
  }

  /** One timer of the call, or (without a key) all of them. */
  clear(callId: string, key?: string) {
    const ofCall = this.timers.get(callId);
    if (!ofCall) return;
    for (const [k, timer] of ofCall) {
      if (key !== undefined && k !== key) continue;
      clearTimeout(timer);
      ofCall.delete(k);
    }
    if (!ofCall.size) this.timers.delete(callId);
  }

  get isClosed() {
    return this.closed;
  }

  async close() {
    this.closed = true;
    for (const callId of [...this.timers.keys()]) this.clear(callId);
    await Promise.all(this.pending);
  }

  private track(work: Promise<unknown>) {
    const done: Promise<unknown> = work
      .catch((error: unknown) => this.log.warn({ err: error }, 'a call timer failed'))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }
}
