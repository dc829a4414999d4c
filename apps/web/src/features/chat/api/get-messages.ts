import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { LIMITS, type ChatMessage } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { chatKeys } from './keys';

export type MessagePages = InfiniteData<ChatMessage[], number | undefined>;

/** A page is oldest-first; page 0 is the newest page, later pages go back in time. */
export const getMessages = (peerId: number, before?: number) =>
  api<ChatMessage[]>('/chat/messages', { query: { peer_id: peerId, limit: LIMITS.chatHistoryPage, before } });

export const messagesQuery = (peerId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(peerId),
    queryFn: ({ pageParam }) => getMessages(peerId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length < LIMITS.chatHistoryPage ? undefined : last[0]?.id),
    staleTime: Infinity,
  });

export const useMessages = (peerId: number) => useInfiniteQuery(messagesQuery(peerId));

/** Oldest to newest across pages. */
export const flattenPages = (data: { pages: ChatMessage[][] } | undefined): ChatMessage[] => (data ? [...data.pages].reverse().flat() : []);
