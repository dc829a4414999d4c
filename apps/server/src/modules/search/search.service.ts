import { parseSearchQuery, type Community, type SearchFilters, type SearchResponse, type SearchResult } from '@tribeverse/shared';
import { wantedText } from './search-highlights.ts';
import type { MessageScope, SearchMessagesRepository } from './search-messages.repository.ts';
import { presentCommunityHit, presentMessageHit, presentPersonHit, presentPostHit } from './search.presenter.ts';
import { dateBounds, decodeCursor, encodeCursor, hasAnyFilter, mergeFilters, type SearchParams } from './search.policy.ts';
import type { CommunityHit, RankCursor, SearchRepository } from './search.repository.ts';

/** Communities as the caller sees them (the communities module's presenter: role, status, counts). */
export type PresentCommunities = (viewerId: number, rows: CommunityHit[]) => Promise<Community[]>;

const nothing: SearchResponse = { results: [], next_cursor: null };

/** One search box over messages, posts, people and communities; each kind only as the caller may see it. */
export class SearchService {
  constructor(
    private readonly messages: SearchMessagesRepository,
    private readonly repo: SearchRepository,
    private readonly presentCommunities: PresentCommunities,
  ) {}

  async search(me: number, params: SearchParams): Promise<SearchResponse> {
    const cursor = decodeCursor(params.before);
    // One page more than asked tells whether another one follows.
    const page = { me, cursor, limit: params.limit + 1 };
    if (params.type === 'messages') return this.searchMessages(me, params, cursor);
    const text = params.q.trim();
    if (!text) return nothing;
    if (params.type === 'posts') {
      const [hits, lexemes] = await Promise.all([this.repo.posts({ ...page, text }), this.repo.lexemesOf(wantedText(text))]);
      return paged(hits, params.limit, (hit) => presentPostHit(hit, lexemes));
    }
    if (params.type === 'people') {
      const hits = await this.repo.people({ ...page, text });
      return paged(hits, params.limit, (hit) => presentPersonHit(hit, text));
    }
    const [hits, lexemes] = await Promise.all([this.repo.communities({ ...page, text }), this.repo.lexemesOf(wantedText(text))]);
    const shown = hits.slice(0, params.limit);
    const presented = await this.presentCommunities(me, shown);
    const results = presented.map((community, i) => presentCommunityHit(community, shown[i]!.description, text, lexemes));
    return { results, next_cursor: nextCursor(hits, params.limit) };
  }

  private async searchMessages(me: number, params: SearchParams, cursor: RankCursor | undefined): Promise<SearchResponse> {
    const words = parseSearchQuery(params.q);
    const filters = mergeFilters(words.filters, params);
    const text = words.text.trim();
    if (!text && !hasAnyFilter(filters)) return nothing;
    const [scope, senderId] = await Promise.all([
      this.scopeOf(filters),
      filters.from ? this.repo.memberIdByUsername(filters.from) : undefined,
    ]);
    // A sender or a direct chat with someone who does not exist finds nothing (user names are public: no leak either way).
    if (scope === null || senderId === null) return nothing;
    const [hits, lexemes] = await Promise.all([
      this.messages.search({
        me,
        text,
        scope,
        senderId,
        has: filters.has,
        ...dateBounds(filters),
        cursor,
        limit: params.limit + 1,
      }),
      this.repo.lexemesOf(wantedText(text)),
    ]);
    return paged(hits, params.limit, (hit) => presentMessageHit(hit, lexemes));
  }

  /** The conversation a search is narrowed to; null when it names someone who does not exist. */
  private async scopeOf(filters: SearchFilters): Promise<MessageScope | null> {
    if (filters.in_kind === 'direct') {
      const peerId = filters.in_id ?? (filters.in_username ? await this.repo.memberIdByUsername(filters.in_username) : null);
      return peerId === null ? null : { kind: 'direct', peerId };
    }
    if (filters.in_kind) return { kind: filters.in_kind, id: filters.in_id! };
    return { kind: 'all' };
  }
}

function nextCursor(hits: Array<{ rank: number; id: number }>, limit: number): string | null {
  const last = hits[limit - 1];
  return hits.length > limit && last ? encodeCursor({ rank: last.rank, id: last.id }) : null;
}

function paged<H extends { rank: number; id: number }>(hits: H[], limit: number, present: (hit: H) => SearchResult): SearchResponse {
  return { results: hits.slice(0, limit).map(present), next_cursor: nextCursor(hits, limit) };
}
