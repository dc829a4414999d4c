import { Redis } from 'ioredis';
import { closeRedis } from './redis.ts';

export interface BudgetVerdict {
  allowed: boolean;
  /** Seconds until the same take would be allowed, if nothing more is taken meanwhile (at least 1). */
  retryIn: number;
}

/**
 * Sliding count: what the member used in this window, plus the last window's use weighed by how much of it still
 * lies within one window's length of now. Fixed windows alone let a member use a whole budget at the end of one
 * window and again at the start of the next, twice it within moments; this never lets through much more than one
 * budget in any window's length (the last window's use is taken as spread evenly over it).
 */
function slidingVerdict(
  use: { previous: number; current: number },
  amount: number,
  max: number,
  windowMs: number,
  intoWindowMs: number,
): BudgetVerdict {
  const elapsed = intoWindowMs / windowMs;
  const allowed = use.previous * (1 - elapsed) + use.current + amount <= max;
  return { allowed, retryIn: allowed ? 0 : retryInSeconds(use, amount, max, windowMs, elapsed) };
}

/** When the last window's weight has shrunk enough, or else when this window, become the last, has. */
function retryInSeconds(use: { previous: number; current: number }, amount: number, max: number, windowMs: number, elapsed: number) {
  const room = max - use.current - amount;
  let waitMs: number;
  if (room >= 0 && use.previous > 0) waitMs = (1 - room / use.previous - elapsed) * windowMs;
  else if (amount > max) waitMs = (2 - elapsed) * windowMs;
  else waitMs = (1 - elapsed + (use.current > 0 ? Math.max(0, 1 - (max - amount) / use.current) : 0)) * windowMs;
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/**
 * Atomic on the Redis server, so processes taking at once never both get the last of a budget. Keys: this window's
 * count, the last window's. A refused take is not counted: hammering at a spent budget does not push its end away.
 */
const TAKE_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local previous = tonumber(redis.call('GET', KEYS[2]) or '0')
if previous * tonumber(ARGV[3]) + current + tonumber(ARGV[1]) > tonumber(ARGV[2]) then return {0, current, previous} end
redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {1, current, previous}`;

type BudgetClient = Redis & {
  takeBudget(
    current: string,
    previous: string,
    amount: number,
    max: number,
    weight: number,
    ttlMs: number,
  ): Promise<[number, number, number]>;
};

/**
 * How many writes of one kind a member may make per window, counted per member (never per address: members behind
 * one NAT each have their own), across every session and tab, and across processes through Redis when there is one.
 * Counted in windows (a key per member and window, kept for two) and weighed as a sliding count (slidingVerdict).
 */
export class MemberBudget {
  /** This window's use and the last one's, per member: memory stays bounded by the members active in two windows. */
  private current = new Map<number, number>();
  private previous = new Map<number, number>();
  private localWindow = -1;

  constructor(
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly redis?: { prefix: string; client: Redis },
  ) {}

  /**
   * Counts one write (or `amount` units of work, pixels say) if the budget has room for it; `allowed: false` (with
   * the seconds until it has) otherwise.
   */
  async take(userId: number, now = Date.now(), amount = 1): Promise<BudgetVerdict> {
    if (!this.redis) return this.takeHere(userId, now, amount)!;
    const window = Math.floor(now / this.windowMs);
    const intoWindow = now - window * this.windowMs;
    const key = (w: number) => `${this.redis!.prefix}${this.name}:{${userId}}:${w}`;
    const client = this.redis.client as BudgetClient;
    if (typeof client.takeBudget !== 'function') client.defineCommand('takeBudget', { numberOfKeys: 2, lua: TAKE_SCRIPT });
    const [taken, current, previous] = await client.takeBudget(
      key(window),
      key(window - 1),
      amount,
      this.max,
      1 - intoWindow / this.windowMs,
      2 * this.windowMs,
    );
    if (taken === 1) return { allowed: true, retryIn: 0 };
    return { allowed: false, retryIn: retryInSeconds({ previous, current }, amount, this.max, this.windowMs, intoWindow / this.windowMs) };
  }

  /**
   * `take` without a promise when the count is kept in this process (no Redis): a hot path (every chat message)
   * then spends no turn of the event loop on it. Undefined when the count is shared through Redis: use `take`.
   */
  takeHere(userId: number, now = Date.now(), amount = 1): BudgetVerdict | undefined {
    if (this.redis) return undefined;
    const window = Math.floor(now / this.windowMs);
    if (window !== this.localWindow) {
      this.previous = window === this.localWindow + 1 ? this.current : new Map();
      this.current = new Map();
      this.localWindow = window;
    }
    const current = this.current.get(userId) ?? 0;
    const verdict = slidingVerdict(
      { previous: this.previous.get(userId) ?? 0, current },
      amount,
      this.max,
      this.windowMs,
      now - window * this.windowMs,
    );
    if (verdict.allowed) this.current.set(userId, current + amount);
    return verdict;
  }
}

/** One Redis connection for a module's budgets, or none without REDIS_URL. */
export function budgetStore(redisUrl: string | undefined, prefix: string) {
  if (!redisUrl) return { store: undefined, close: () => {} };
  const client = new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
  return { store: { prefix, client }, close: () => closeRedis(client) };
}
