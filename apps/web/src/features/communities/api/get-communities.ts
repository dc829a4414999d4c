import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cursorPagesQuery } from '../../../lib/cursor-pages';
import { communityKeys, type CommunityFilters } from './keys';
import type { CommunityPage } from './types';

export const getCommunities = (before: string | null, filters: CommunityFilters) =>
  api<CommunityPage>('/communities', {
    query: { before, search: filters.search?.trim(), interest: filters.interest, mine: filters.mine ? 'true' : undefined },
  });

export const communitiesQuery = (filters: CommunityFilters) =>
  cursorPagesQuery(communityKeys.list(filters), (before: string | null) => getCommunities(before, filters));

export const useCommunities = (filters: CommunityFilters) => useInfiniteQuery(communitiesQuery(filters));
