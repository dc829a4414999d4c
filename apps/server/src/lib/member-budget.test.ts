import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { budgetStore, MemberBudget } from './member-budget.ts';

const MINUTE = 60_000;
/** A window's start, far from now: the counts do not depend on the clock. */
const T0 = 1_000_000 * MINUTE;

/** Takes one at a time until refused; how many were allowed. */
async function fill(budget: MemberBudget, userId: number, now: number) {
  let allowed = 0;
  while ((await budget.take(userId, now)).allowed) allowed++;
  return allowed;
}

function behaviour(make: () => MemberBudget) {
  it('refuses past the budget, and tells when to try again', async () => {
    const budget = make();
    expect(await fill(budget, 1, T0 + 10_000)).toBe(10);
    const refused = await budget.take(1, T0 + 10_000);
    expect(refused).toEqual({ allowed: false, retryIn: expect.any(Number) });
    // Used up 10 s into a window: room again once the weight of this window, become the last, has shrunk enough.
    const retryAt = T0 + 10_000 + refused.retryIn * 1000;
    expect((await budget.take(1, retryAt - 2000)).allowed).toBe(false);
    expect((await budget.take(1, retryAt)).allowed).toBe(true);
  });

  it('does not give a fresh budget at the start of the next window (a burst across its edge)', async () => {
    const budget = make();
    expect(await fill(budget, 2, T0 + MINUTE - 500)).toBe(10);
    // One second later, in a new window: fixed windows would allow ten more here.
    expect(await fill(budget, 2, T0 + MINUTE + 500)).toBe(0);
    // Half a window on, half of the last window's use still counts.
    expect(await fill(budget, 2, T0 + MINUTE + MINUTE / 2)).toBe(5);
    // Two windows on, all of it again.
    expect(await fill(budget, 2, T0 + 3 * MINUTE)).toBe(10);
  });

  it('counts amounts, and does not count what it refused', async () => {
    const budget = make();
    expect((await budget.take(3, T0, 8)).allowed).toBe(true);
    expect((await budget.take(3, T0, 5)).allowed).toBe(false);
    expect((await budget.take(3, T0, 2)).allowed).toBe(true);
    // Larger than the whole budget: never allowed; told to wait rather than that it soon may.
    const tooLarge = await budget.take(3, T0, 11);
    expect(tooLarge.allowed).toBe(false);
    expect(tooLarge.retryIn).toBeGreaterThanOrEqual(60);
  });

  it('keeps members apart', async () => {
    const budget = make();
    expect(await fill(budget, 4, T0)).toBe(10);
    expect(await fill(budget, 5, T0)).toBe(10);
  });
}

describe('member budget, counted in the process', () => {
  behaviour(() => new MemberBudget('test', 10, MINUTE));

  it('answers without a promise', () => {
    expect(new MemberBudget('test', 10, MINUTE).takeHere(1, T0)).toEqual({ allowed: true, retryIn: 0 });
  });
});

describe.skipIf(!process.env.REDIS_URL)('member budget, counted in Redis (skipped: REDIS_URL is not set)', () => {
  const stores: ReturnType<typeof budgetStore>[] = [];
  const shared = () => {
    const store = budgetStore(process.env.REDIS_URL, `budget-test:${crypto.randomUUID()}:`);
    stores.push(store);
    return store.store!;
  };
  afterAll(async () => Promise.all(stores.map((s) => s.close())));

  behaviour(() => new MemberBudget('test', 10, MINUTE, shared()));

  it('is one budget for every process, even when they take at once', async () => {
    const prefix = shared().prefix;
    const processes = [0, 1, 2].map(() => new MemberBudget('test', 10, MINUTE, { ...shared(), prefix }));
    const verdicts = await Promise.all(Array.from({ length: 30 }, (_, i) => processes[i % 3]!.take(6, T0)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
    expect(processes[0]!.takeHere(6, T0)).toBeUndefined();
  });
});
