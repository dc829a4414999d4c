import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ChatUser } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { chatKeys } from './keys';

export interface ChatUsersPage {
  users: ChatUser[];
  next_offset: number | null;
}

export const getChatUsers = (search: string, offset?: number) => api<ChatUsersPage>('/chat/users', { query: { search, offset } });

/** The people list by pages of 50; 'Load more' fetches the next one. */
export const chatUsersQuery = (search = '') =>
  infiniteQueryOptions({
    queryKey: chatKeys.users(search),
    queryFn: ({ pageParam }) => getChatUsers(search, pageParam),
    initialPageParam: 0 as number,
    getNextPageParam: (last) => last.next_offset ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useChatUsers = (search = '') => useInfiniteQuery(chatUsersQuery(search));

export const allUsers = (data: { pages: ChatUsersPage[] } | undefined): ChatUser[] => data?.pages.flatMap((p) => p.users) ?? [];
