import type { ChangeNotices } from '../../db/change-notices.ts';

/** Pages kept per process: a few thousand readers' first pages, each a list of references to shared cards. */
const MAX_PAGES = 5_000;

/**
 * Feed pages as this process last read them, per viewer and list, kept only until anything a page shows is written:
 * the database announces every such write at commit (`feed_changed`, migration 0017; blocks too, 0021) to every process, and this
 * process forgets its pages at once after each write request it handles itself (see feed.module.ts), so a member
 * reads their own change on the next page they load. While the notices are down nothing is kept. A page read over
 * and over between writes then costs no query at all.
 */
export class PageCache<T> {
  private generation = 0;
  private readonly pages = new Map<string, T>();
  /** Reads under way, so that readers of the same page who arrive meanwhile share one instead of each reading. */
  private readonly reading = new Map<string, Promise<T>>();

  constructor(private readonly notices: ChangeNotices | undefined) {
    notices?.on('feed_changed', () => this.changed());
    notices?.onReset(() => this.changed());
  }

  /** Something a page may show was written: every page kept is dropped. */
  changed() {
    this.generation++;
    this.pages.clear();
    // A read begun before the write may predate it: later readers start their own.
    this.reading.clear();
  }

  /**
   * The page under `key`: as kept, or as a read already under way since the last write returns it, or read now by
   * `load` (and kept). After a write many readers ask for the same pages at once; each is read once.
   */
  async read(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.get(key);
    if (kept) return kept;
    const mark = this.mark();
    const shared = mark === null ? undefined : this.reading.get(key);
    if (shared) return shared;
    const loading = load();
    if (mark !== null) this.reading.set(key, loading);
    try {
      const page = await loading;
      this.set(key, page, mark);
      return page;
    } finally {
      if (this.reading.get(key) === loading) this.reading.delete(key);
    }
  }

  /** Taken before reading a page from the database, for `set`; null when nothing may be kept now. */
  private mark(): number | null {
    return this.notices?.live ? this.generation : null;
  }

  private get(key: string): T | undefined {
    return this.notices?.live ? this.pages.get(key) : undefined;
  }

  /** Keeps a page read since `mark`, unless something was written meanwhile (the page may predate it). */
  private set(key: string, page: T, mark: number | null) {
    if (mark === null || mark !== this.generation || !this.notices?.live) return;
    if (this.pages.size >= MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, page);
  }
}
