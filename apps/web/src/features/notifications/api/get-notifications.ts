import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationsPage, UnreadCount } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { useSocket } from '../../../lib/socket-provider';
import { notificationsUnreadQuery } from './get-unread-counts';

export const notificationsQuery = () =>
  queryOptions({ queryKey: ['notifications', 'list'], queryFn: () => api<NotificationsPage>('/notifications', { query: { page: 1 } }) });

export const useNotifications = (enabled: boolean) => useQuery({ ...notificationsQuery(), enabled });

export const markAllNotificationsRead = () => api<{ message: string; unreadCount: number }>('/notifications/read-all', { method: 'POST' });

/** Keeps the bell's counter and the open list live: new notifications and reads from the member's other tabs. */
export function useNotificationEvents() {
  const socket = useSocket();
  const qc = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const setCount = (unreadCount: number) => qc.setQueryData<UnreadCount>(notificationsUnreadQuery().queryKey, { unreadCount });
    const onNew = () => {
      setCount((qc.getQueryData<UnreadCount>(notificationsUnreadQuery().queryKey)?.unreadCount ?? 0) + 1);
      void qc.invalidateQueries({ queryKey: notificationsQuery().queryKey });
    };
    const onRead = ({ unreadCount }: { unreadCount: number }) => {
      setCount(unreadCount);
      void qc.invalidateQueries({ queryKey: notificationsQuery().queryKey });
    };
    socket.on('notification:new', onNew);
    socket.on('notification:read', onRead);
    return () => {
      socket.off('notification:new', onNew);
      socket.off('notification:read', onRead);
    };
  }, [socket, qc]);
}
