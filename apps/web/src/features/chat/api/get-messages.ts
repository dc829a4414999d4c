import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS, type ChatMessage } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { olderPageParam, type MessagePages as Pages } from '../../../lib/conversation/message-pages';
import { chatKeys } from './keys';

export { flattenPages } from '../../../lib/conversation/message-pages';
export type MessagePages = Pages<ChatMessage>;

/** A page is oldest-first; page 0 is the newest page, later pages go back in time. */
export const getMessages = (peerId: number, before?: number) =>
  api<ChatMessage[]>('/chat/messages', { query: { peer_id: peerId, limit: LIMITS.chatHistoryPage, before } });

/** The page centred on a message of the chat (a jump to a pin it has not loaded). */
export const getMessagesAround = (peerId: number, around: number) =>
  api<ChatMessage[]>('/chat/messages', { query: { peer_id: peerId, limit: LIMITS.chatHistoryPage, around } });

export const messagesQuery = (peerId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(peerId),
    queryFn: ({ pageParam }) => getMessages(peerId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: olderPageParam(LIMITS.chatHistoryPage),
    staleTime: Infinity,
  });

export const useMessages = (peerId: number) => useInfiniteQuery(messagesQuery(peerId));
