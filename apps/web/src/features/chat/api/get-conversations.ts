import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Conversation } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { chatKeys } from './keys';

export const getConversations = () => api<{ conversations: Conversation[] }>('/chat/conversations');

export const conversationsQuery = () => queryOptions({ queryKey: chatKeys.conversations, queryFn: getConversations });

export const useConversations = () => useQuery(conversationsQuery());
