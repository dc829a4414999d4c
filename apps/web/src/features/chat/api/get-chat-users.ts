import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatUser } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { chatKeys } from './keys';

export const getChatUsers = (search: string) => api<{ users: ChatUser[] }>('/chat/users', { query: { search } });

export const chatUsersQuery = (search = '') =>
  queryOptions({ queryKey: chatKeys.users(search), queryFn: () => getChatUsers(search), placeholderData: keepPreviousData });

export const useChatUsers = (search = '') => useQuery(chatUsersQuery(search));
