import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationsPage, UnreadCount } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { notificationsQuery } from './get-notifications';
import { notificationsUnreadQuery } from './get-unread-counts';

export const markNotificationRead = (id: number) =>
  api<{ message: string; unreadCount: number }>(`/notifications/${id}/read`, { method: 'POST' });

/** Marks one notification read: the list shows it read at once, the bell's counter takes the server's count. */
export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      qc.setQueryData<NotificationsPage>(
        notificationsQuery().queryKey,
        (page) => page && { ...page, notifications: page.notifications.map((n) => (n.id === id ? { ...n, read: true } : n)) },
      );
    },
    onSuccess: ({ unreadCount }) => qc.setQueryData<UnreadCount>(notificationsUnreadQuery().queryKey, { unreadCount }),
    // Whatever happened, the list comes back as the server has it.
    onSettled: () => qc.invalidateQueries({ queryKey: notificationsQuery().queryKey }),
  });
}
