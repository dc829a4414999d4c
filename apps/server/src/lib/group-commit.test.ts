import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';

/** A store that records its batches and answers each item doubled, after `release()` when held. */
function recordingStore(options: { failOn?: number } = {}) {
  const batches: number[][] = [];
  let hold: Promise<void> | null = null;
  let release = () => {};
  const store = async (items: number[]) => {
    batches.push(items);
    if (hold) await hold;
    if (options.failOn !== undefined && items.includes(options.failOn)) throw new Error(`bad item ${options.failOn}`);
    return items.map((n) => n * 2);
  };
  return {
    batches,
    store,
    holdNext() {
      hold = new Promise((resolve) => (release = () => ((hold = null), resolve())));
    },
    release: () => release(),
  };
}

describe('group commit', () => {
  it('stores items submitted together in one batch, each answered with its own outcome', async () => {
    const recorder = recordingStore();
    const queue = new GroupCommit(recorder.store);
    const outcomes = await Promise.all([1, 2, 3, 4, 5].map((n) => queue.submit(n)));
    expect(outcomes).toEqual([2, 4, 6, 8, 10]);
    expect(recorder.batches).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('holds what arrives during a batch for the next one, and answers nobody before their batch is stored', async () => {
    const recorder = recordingStore();
    const queue = new GroupCommit(recorder.store);
    recorder.holdNext();
    const first = queue.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [2, 3, 4].map((n) => queue.submit(n));
    let answered = 0;
    for (const p of [first, ...later]) void p.then(() => answered++);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(0);
    expect(queue.waiting).toBe(3);
    recorder.release();
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6, 8]);
    expect(recorder.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('splits a long queue into batches of the given size', async () => {
    const recorder = recordingStore();
    const queue = new GroupCommit(recorder.store, 4);
    await Promise.all(Array.from({ length: 10 }, (_, i) => queue.submit(i)));
    expect(recorder.batches.map((b) => b.length)).toEqual([4, 4, 2]);
  });

  it('stores a failing batch item by item before anything submitted after it, so one sender keeps their order', async () => {
    const recorder = recordingStore({ failOn: 2 });
    const queue = new GroupCommit(recorder.store);
    recorder.holdNext();
    const firstBatch = [1, 2, 3].map((n) => queue.submit(n));
    await new Promise((resolve) => setImmediate(resolve));
    const later = queue.submit(4);
    recorder.release();
    await Promise.allSettled([...firstBatch, later]);
    expect(recorder.batches).toEqual([[1, 2, 3], [1], [2], [3], [4]]);
  });

  it('stores a failing batch item by item: only the bad item gets the error, the others their outcome', async () => {
    const recorder = recordingStore({ failOn: 3 });
    const queue = new GroupCommit(recorder.store);
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => queue.submit(n)));
    expect(results).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'fulfilled', value: 4 },
      { status: 'rejected', reason: new Error('bad item 3') },
      { status: 'fulfilled', value: 8 },
    ]);
    expect(recorder.batches).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
    // The queue goes on afterwards.
    expect(await queue.submit(5)).toBe(10);
  });
});
