import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { headerCounterKeys } from '../../../lib/header-counters';

export const chatUnreadQuery = () =>
  queryOptions({ queryKey: headerCounterKeys.chat, queryFn: () => api<UnreadCount>('/chat/unread-count') });
export const notificationsUnreadQuery = () =>
  queryOptions({ queryKey: headerCounterKeys.notifications, queryFn: () => api<UnreadCount>('/notifications/unread-count') });

export const useChatUnreadCount = () => useQuery(chatUnreadQuery()).data?.unreadCount ?? 0;
export const useNotificationsUnreadCount = () => useQuery(notificationsUnreadQuery()).data?.unreadCount ?? 0;
