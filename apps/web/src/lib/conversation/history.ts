import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { LIMITS } from '@tribeverse/shared';
import { api } from '../api-client';
import { olderPageParam } from './message-pages';

/**
 * One conversation's history as the server pages it, whatever its kind: a page is oldest-first, page 0 is the newest
 * page and later pages go back in time (`before` the oldest id held); `around` is the page centred on a message (a
 * jump to a pin or a search hit the loaded pages do not hold).
 */
export interface ConversationHistory<M> {
  /** The cache key of its pages (message-pages.ts updates them; a jump's pages live under it). */
  key: QueryKey;
  before(id?: number): Promise<M[]>;
  around(id: number): Promise<M[]>;
}

/** The history served at `url` (with `query` naming the conversation, when the path does not). */
export function conversationHistory<M>(key: QueryKey, url: string, query: Record<string, number> = {}): ConversationHistory<M> {
  const page = (at: { before?: number; around?: number }) => api<M[]>(url, { query: { ...query, limit: LIMITS.chatHistoryPage, ...at } });
  return { key, before: (before) => page({ before }), around: (around) => page({ around }) };
}

/** The newest page first, older ones on scrolling up; sockets and mutations keep it current, so it never goes stale alone. */
export const historyQuery = <M extends { id: number }>(history: ConversationHistory<M>) =>
  infiniteQueryOptions({
    queryKey: history.key,
    queryFn: ({ pageParam }) => history.before(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: olderPageParam(LIMITS.chatHistoryPage),
    staleTime: Infinity,
  });
