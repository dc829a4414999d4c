import { SOCKET_LIMITS } from '@tribeverse/shared';

/**
 * Messages a member may send per minute, over HTTP and the socket together (one budget per member). What comes in over
 * the socket is counted by realtime/member-events.ts for every event; what is kept here is what is relayed.
 */
export const CHAT_SENDS_PER_MINUTE = SOCKET_LIMITS.chatSendsPerMinute;

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
