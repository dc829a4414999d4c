import { describe, expect, it } from 'vitest';
import type { ChangeNotices } from '../../db/change-notices.ts';
import { PageCache } from './feed-page-cache.ts';

/** The notices' switch and their feed_changed handler, to drive the cache as the database would. */
function notices(live = true) {
  const handlers: Array<() => void> = [];
  const source = {
    live,
    on: (_channel: string, handler: () => void) => void handlers.push(handler),
    onReset: (handler: () => void) => void handlers.push(handler),
  };
  return { source, cache: new PageCache<string>(source as unknown as ChangeNotices), notify: () => handlers.forEach((h) => h()) };
}

function deferred() {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
}

describe('kept feed pages', () => {
  it('are read once for readers who ask at the same time, and then kept', async () => {
    const { cache } = notices();
    let reads = 0;
    const slow = deferred();
    const load = () => (reads++, slow.promise);
    const both = Promise.all([cache.read('page', load), cache.read('page', load)]);
    slow.resolve('v1');
    expect(await both).toEqual(['v1', 'v1']);
    expect(await cache.read('page', load)).toBe('v1');
    expect(reads).toBe(1);
  });

  it('are read again after a write, also by a reader who came while an older read was under way', async () => {
    const { cache, notify } = notices();
    const before = deferred();
    const first = cache.read('page', () => before.promise);
    notify();
    const second = cache.read('page', async () => 'after');
    before.resolve('before');
    expect(await first).toBe('before');
    expect(await second).toBe('after');
    // The older read, finished after the write, was not kept.
    expect(await cache.read('page', async () => 'read again')).toBe('after');
  });

  it('are never kept while the notices are down', async () => {
    const { cache, source } = notices(false);
    expect(await cache.read('page', async () => 'one')).toBe('one');
    expect(await cache.read('page', async () => 'two')).toBe('two');
    source.live = true;
    expect(await cache.read('page', async () => 'three')).toBe('three');
    expect(await cache.read('page', async () => 'four')).toBe('three');
  });
});
