import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchResponse, SearchType } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

export const searchKeys = {
  all: ['search'] as const,
  results: (type: SearchType, q: string) => ['search', type, q] as const,
};

export const getSearchPage = (q: string, type: SearchType, before: string | null, signal?: AbortSignal) =>
  api<SearchResponse>('/search', { query: { q, type, before }, signal });

/** Results as the server ranks them, a page at a time; a blank box asks nothing. */
export const useSearch = (q: string, type: SearchType) =>
  useInfiniteQuery({
    queryKey: searchKeys.results(type, q.trim()),
    queryFn: ({ pageParam, signal }) => getSearchPage(q.trim(), type, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: q.trim() !== '',
  });
