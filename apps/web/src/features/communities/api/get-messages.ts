import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { LIMITS } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { CommunityMessage } from './types';

export type CommunityMessagePages = InfiniteData<CommunityMessage[], number | undefined>;

/** A page is oldest-first; page 0 is the newest, later pages go back in time (`before` the oldest id held). */
export const getCommunityMessages = (id: number, before?: number) =>
  api<CommunityMessage[]>(`/communities/${id}/messages`, { query: { limit: LIMITS.chatHistoryPage, before } });

export const communityMessagesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: communityKeys.messages(id),
    queryFn: ({ pageParam }) => getCommunityMessages(id, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length < LIMITS.chatHistoryPage ? undefined : last[0]?.id),
    staleTime: Infinity,
  });

export const useCommunityMessages = (id: number, enabled = true) => useInfiniteQuery({ ...communityMessagesQuery(id), enabled });

export const flattenMessages = (data: { pages: CommunityMessage[][] } | undefined): CommunityMessage[] =>
  data ? [...data.pages].reverse().flat() : [];
