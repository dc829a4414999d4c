import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

export const chatUnreadQuery = () =>
  queryOptions({ queryKey: ['chat', 'unread-count'], queryFn: () => api<UnreadCount>('/chat/unread-count') });
export const notificationsUnreadQuery = () =>
  queryOptions({ queryKey: ['notifications', 'unread-count'], queryFn: () => api<UnreadCount>('/notifications/unread-count') });

export const useChatUnreadCount = () => useQuery(chatUnreadQuery()).data?.unreadCount ?? 0;
export const useNotificationsUnreadCount = () => useQuery(notificationsUnreadQuery()).data?.unreadCount ?? 0;
