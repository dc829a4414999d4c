import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { olderPageParam, type MessagePages } from '../../../lib/conversation/message-pages';
import { communityKeys } from './keys';
import type { CommunityMessage } from './types';

export type CommunityMessagePages = MessagePages<CommunityMessage>;

const path = (id: number, channelId: number) => `/communities/${id}/channels/${channelId}/messages`;

/** A page of a channel, oldest first: the newest messages `before` a message (or the newest of all). */
export const getCommunityMessages = (id: number, channelId: number, before?: number) =>
  api<CommunityMessage[]>(path(id, channelId), { query: { limit: LIMITS.chatHistoryPage, before } });

/** The page centred on a message (a jump to a pin the loaded history does not hold). */
export const getCommunityMessagesAround = (id: number, channelId: number, around: number) =>
  api<CommunityMessage[]>(path(id, channelId), { query: { limit: LIMITS.chatHistoryPage, around } });

/** Page 0 is the newest; later pages go back in time (`before` the oldest id held). */
export const communityMessagesQuery = (id: number, channelId: number) =>
  infiniteQueryOptions({
    queryKey: communityKeys.channelMessages(id, channelId),
    queryFn: ({ pageParam }) => getCommunityMessages(id, channelId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: olderPageParam(LIMITS.chatHistoryPage),
    staleTime: Infinity,
  });

export const useCommunityMessages = (id: number, channelId: number) => useInfiniteQuery(communityMessagesQuery(id, channelId));
