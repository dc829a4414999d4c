import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { LIMITS } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { historyKey } from './cache';
import type { CommunityMessage } from './types';

export type CommunityMessagePages = InfiniteData<CommunityMessage[], number | undefined>;

/**
 * A page is oldest-first; page 0 is the newest, later pages go back in time (`before` the oldest id held). A channel's
 * history comes from its own endpoint; without a channel (a server without channels), the community's.
 */
export const getCommunityMessages = (id: number, channelId: number | null, before?: number) =>
  api<CommunityMessage[]>(channelId ? `/communities/${id}/channels/${channelId}/messages` : `/communities/${id}/messages`, {
    query: { limit: LIMITS.chatHistoryPage, before },
  });

export const communityMessagesQuery = (id: number, channelId: number | null) =>
  infiniteQueryOptions({
    queryKey: historyKey(id, channelId),
    queryFn: ({ pageParam }) => getCommunityMessages(id, channelId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length < LIMITS.chatHistoryPage ? undefined : last[0]?.id),
    staleTime: Infinity,
  });

export const useCommunityMessages = (id: number, channelId: number | null) => useInfiniteQuery(communityMessagesQuery(id, channelId));

export const flattenMessages = (data: { pages: CommunityMessage[][] } | undefined): CommunityMessage[] =>
  data ? [...data.pages].reverse().flat() : [];
