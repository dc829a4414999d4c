import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Provisional shapes of `GET /api/search` (contract, "Search") until packages/shared/src/schemas/search.ts exists.
export const SEARCH_TYPES = ['messages', 'posts', 'people', 'communities'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** `[start, end)` offsets into a result's plain-text snippet. */
export type Highlight = [number, number];

export interface SearchPerson {
  id: number;
  username: string;
  name: string | null;
  avatar: string | null;
}

export interface MessageConversation {
  kind: 'direct' | 'group' | 'channel';
  /** The other person's id (direct), the group's id, or the channel's id. */
  id: number;
  name: string;
  community_id?: number;
}

export interface SearchMessage {
  id: number;
  text: string | null;
  sender: SearchPerson;
  created_at: string;
  media: boolean;
  conversation: MessageConversation;
}

export interface SearchPost {
  post_id: number;
  username: string;
  name?: string | null;
  avatar?: string | null;
  date_post_created?: string;
}

export interface SearchCommunity {
  id: number;
  name: string;
  picture?: string | null;
  is_private?: boolean;
  members_count?: number;
}

interface ResultBase {
  snippet: string;
  highlights: Highlight[];
}

export type SearchResult =
  | (ResultBase & { type: 'messages'; item: SearchMessage })
  | (ResultBase & { type: 'posts'; item: SearchPost })
  | (ResultBase & { type: 'people'; item: SearchPerson })
  | (ResultBase & { type: 'communities'; item: SearchCommunity });

export interface SearchPage {
  results: SearchResult[];
  next_cursor: string | number | null;
}

export const searchKeys = {
  all: ['search'] as const,
  results: (type: SearchType, q: string) => ['search', type, q] as const,
};

export const getSearchPage = (q: string, type: SearchType, before: string | number | null, signal?: AbortSignal) =>
  api<SearchPage>('/search', { query: { q, type, before }, signal });

/** Results as the server ranks them, a page at a time; a blank box asks nothing. */
export const useSearch = (q: string, type: SearchType) =>
  useInfiniteQuery({
    queryKey: searchKeys.results(type, q.trim()),
    queryFn: ({ pageParam, signal }) => getSearchPage(q.trim(), type, pageParam, signal),
    initialPageParam: null as string | number | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: q.trim() !== '',
  });
