import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { CommunityEvent } from './types';

/** Upcoming first, by start time. */
export const getEvents = (id: number, before: number | null) =>
  api<{ events: CommunityEvent[]; next_cursor: number | null }>(`/communities/${id}/events`, { query: { before } });

export const eventsQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: communityKeys.tab(id, 'events'),
    queryFn: ({ pageParam }) => getEvents(id, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useEvents = (id: number) => useInfiniteQuery(eventsQuery(id));
