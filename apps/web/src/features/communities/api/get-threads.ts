import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { DiscussionThread } from './types';

export const getThreads = (id: number, before: number | null) =>
  api<{ threads: DiscussionThread[]; next_cursor: number | null }>(`/communities/${id}/threads`, { query: { before } });

export const threadsQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: communityKeys.tab(id, 'threads'),
    queryFn: ({ pageParam }) => getThreads(id, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useThreads = (id: number) => useInfiniteQuery(threadsQuery(id));
