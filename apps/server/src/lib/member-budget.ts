import { Redis } from 'ioredis';
import { closeRedis } from './redis.ts';

/**
 * How many writes of one kind a member may make per window, counted per member (never per address: members behind
 * one NAT each have their own), across every session and tab, and across processes through Redis when there is one.
 * Fixed windows: a key per member and window, expiring with it.
 */
export class MemberBudget {
  private local = new Map<number, number>();
  private localWindow = -1;

  constructor(
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly redis?: { prefix: string; client: Redis },
  ) {}

  /**
   * Counts one write (or `amount` units of work, pixels say); `allowed: false` (with the seconds until the window
   * ends) once the member has used it up.
   */
  async take(userId: number, now = Date.now(), amount = 1): Promise<{ allowed: boolean; retryIn: number }> {
    if (!this.redis) return this.takeHere(userId, now, amount)!;
    const window = Math.floor(now / this.windowMs);
    const key = `${this.redis.prefix}${this.name}:${userId}:${window}`;
    const [[, used]] = (await this.redis.client.multi().incrby(key, amount).pexpire(key, this.windowMs).exec()) as [[Error | null, number]];
    return { allowed: used <= this.max, retryIn: this.retryIn(window, now) };
  }

  /**
   * `take` without a promise when the count is kept in this process (no Redis): a hot path (every chat message)
   * then spends no turn of the event loop on it. Undefined when the count is shared through Redis: use `take`.
   */
  takeHere(userId: number, now = Date.now(), amount = 1): { allowed: boolean; retryIn: number } | undefined {
    if (this.redis) return undefined;
    const window = Math.floor(now / this.windowMs);
    if (window !== this.localWindow) {
      // A new window forgets every member at once: memory stays bounded by the members active in one window.
      this.localWindow = window;
      this.local.clear();
    }
    const used = (this.local.get(userId) ?? 0) + amount;
    this.local.set(userId, used);
    return { allowed: used <= this.max, retryIn: this.retryIn(window, now) };
  }

  private retryIn(window: number, now: number) {
    return Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000));
  }
}

/** One Redis connection for a module's budgets, or none without REDIS_URL. */
export function budgetStore(redisUrl: string | undefined, prefix: string) {
  if (!redisUrl) return { store: undefined, close: () => {} };
  const client = new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
  return { store: { prefix, client }, close: () => closeRedis(client) };
}
