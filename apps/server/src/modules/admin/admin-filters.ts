import { ErrorCode, type FilterEntry } from '@tribeverse/shared';
import { AppError } from '../../lib/errors.ts';
import { assertAdmin, type Staff } from './admin.policy.ts';
import type { AdminService } from './admin.service.ts';

/** How long this process trusts the filters it holds before reading them again (another process may have changed them). */
const FRESH_MS = 10_000;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Host names in a text, with or without a scheme: "spam.example", "https://a.spam.example/x". */
export const HOSTS = /(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}/gu;

export const contentFiltered = () =>
  new AppError(422, ErrorCode.CONTENT_FILTERED, 'This contains a word or a link this instance does not allow.');

/** The words as one expression (whole words, any case) and the domains. */
function compileSet(entries: FilterEntry[]) {
  const words = entries.filter((e) => e.kind === 'word').map((e) => escape(e.pattern));
  return {
    words: words.length ? new RegExp(`(?<![\\p{L}\\p{N}_])(?:${words.join('|')})(?![\\p{L}\\p{N}_])`, 'iu') : null,
    domains: entries.filter((e) => e.kind === 'domain').map((e) => e.pattern.replace(/^\*?\./, '')),
  };
}
type Compiled = ReturnType<typeof compileSet>;

/** The entries that refuse, and those that hold for review. */
const compile = (entries: FilterEntry[]) => ({
  refuse: compileSet(entries.filter((e) => e.action === 'refuse')),
  hold: compileSet(entries.filter((e) => e.action === 'hold')),
});

function matches({ words, domains }: Compiled, texts: Array<string | null | undefined>) {
  for (const text of texts) {
    if (!text) continue;
    if (words?.test(text)) return true;
    if (!domains.length) continue;
    for (const host of text.toLowerCase().match(HOSTS) ?? []) if (domains.some((d) => host === d || host.endsWith(`.${d}`))) return true;
  }
  return false;
}

/**
 * The instance's filters as this process holds them, to check text against without waiting: a message's send path
 * awaits nothing before it joins the queue. Read again in the background once older than FRESH_MS, so a change made
 * on another process applies here within seconds; one made here applies at once.
 */
export class ContentFilter {
  private compiled = compile([]);
  private loadedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly load: () => Promise<FilterEntry[]>,
    private readonly onError: (error: unknown) => void,
  ) {}

  use(entries: FilterEntry[]) {
    this.compiled = compile(entries);
    this.loadedAt = Date.now();
  }

  refresh(): Promise<void> {
    this.loading ??= this.load()
      .then((entries) => this.use(entries))
      .catch(this.onError)
      .finally(() => (this.loading = undefined));
    return this.loading;
  }

  /**
   * Refuses (422 CONTENT_FILTERED) any text with a filtered word or a link to a filtered domain (or a subdomain), held
   * or refused alike: for what cannot wait in a queue (comments, messages, names, bios).
   */
  assertAllowed = (...texts: Array<string | null | undefined>) => {
    if (this.verdict(...texts) === 'hold') throw contentFiltered();
  };

  /** For a post: refused (throws) by a 'refuse' entry, 'hold' by a 'hold' entry, else null. */
  verdict = (...texts: Array<string | null | undefined>): 'hold' | null => {
    if (Date.now() - this.loadedAt > FRESH_MS) void this.refresh();
    if (matches(this.compiled.refuse, texts)) throw contentFiltered();
    return matches(this.compiled.hold, texts) ? 'hold' : null;
  };
}

/** GET/PUT /api/admin/filters: staff read them, admins set them; every change is in the audit log. */
export class AdminFiltersService {
  constructor(
    private readonly repo: { getFilters(): Promise<FilterEntry[]>; setFilters(entries: FilterEntry[]): Promise<FilterEntry[]> },
    private readonly admin: Pick<AdminService, 'record'>,
    private readonly filter: ContentFilter,
  ) {}

  async get() {
    return { entries: await this.repo.getFilters() };
  }

  async put(staff: Staff, entries: FilterEntry[]) {
    assertAdmin(staff);
    const unique = [...new Map(entries.map((e) => [`${e.kind}:${e.pattern}`, e])).values()];
    const saved = await this.repo.setFilters(unique);
    this.filter.use(saved);
    await this.admin.record(staff, { action: 'filters.update', targetUserId: null, reason: null, details: { entries: saved.length } });
    return { entries: saved };
  }
}
