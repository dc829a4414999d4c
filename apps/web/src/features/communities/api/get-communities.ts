import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys, type CommunityFilters } from './keys';
import type { CommunityPage } from './types';

export const getCommunities = (before: string | null, filters: CommunityFilters) =>
  api<CommunityPage>('/communities', {
    query: { before, search: filters.search?.trim(), interest: filters.interest, mine: filters.mine ? 'true' : undefined },
  });

export const communitiesQuery = (filters: CommunityFilters) =>
  infiniteQueryOptions({
    queryKey: communityKeys.list(filters),
    queryFn: ({ pageParam }) => getCommunities(pageParam, filters),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useCommunities = (filters: CommunityFilters) => useInfiniteQuery(communitiesQuery(filters));
