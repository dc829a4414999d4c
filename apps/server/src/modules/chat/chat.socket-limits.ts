/** Messages a member may send per minute, over HTTP (per address) and over the socket (per member) alike. */
export const CHAT_SENDS_PER_MINUTE = 120;

/**
 * Fixed-window counters per key, kept in this process. Socket events bypass the HTTP rate limiter, so the socket
 * handlers count for themselves; with several processes each one counts its own sockets.
 */
export class WindowLimiter {
  private windowStart = -Infinity;
  private counts = new Map<string | number, number>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one use; false once the key has used up this window. */
  take(key: string | number): boolean {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      // A new window forgets every key at once: memory stays bounded by the members active in one window.
      this.windowStart = now;
      this.counts.clear();
    }
    const used = this.counts.get(key) ?? 0;
    if (used >= this.max) return false;
    this.counts.set(key, used + 1);
    return true;
  }

  /** Seconds until the current window ends. */
  retryInSeconds(): number {
    return Math.max(1, Math.ceil((this.windowStart + this.windowMs - this.now()) / 1000));
  }
}

/**
 * Typing events are relayed at most once per TYPING_REPEAT_MS for each member and peer (the composer repeats a start
 * every few seconds and the other side's indicator lasts longer); a stop goes only after a start that went.
 */
export const TYPING_REPEAT_MS = 2_000;

export class TypingThrottle {
  private lastStart = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  allow(userId: number, peerId: number, typing: boolean): boolean {
    const key = `${userId}:${peerId}`;
    const last = this.lastStart.get(key);
    if (!typing) return this.lastStart.delete(key);
    if (last !== undefined && this.now() - last < TYPING_REPEAT_MS) return false;
    this.lastStart.set(key, this.now());
    return true;
  }

  /** A member whose last socket left: nothing of theirs is kept. */
  forget(userId: number) {
    for (const key of this.lastStart.keys()) if (key.startsWith(`${userId}:`)) this.lastStart.delete(key);
  }
}
