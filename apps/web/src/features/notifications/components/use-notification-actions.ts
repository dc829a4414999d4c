import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Notification, UnreadCount } from '@tribeverse/shared';
import { errorMessage } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { markAllNotificationsRead, notificationsQuery } from '../api/get-notifications';
import { notificationsUnreadQuery } from '../api/get-unread-counts';
import { useMarkNotificationRead } from '../api/mark-notification-read';

/** What the bell's panel and the notifications page both do: mark all read, and mark one read as it is opened. */
export function useNotificationActions() {
  const qc = useQueryClient();
  const markRead = useMarkNotificationRead();
  const [busy, setBusy] = useState(false);

  const readAll = async () => {
    setBusy(true);
    try {
      const { unreadCount } = await markAllNotificationsRead();
      qc.setQueryData<UnreadCount>(notificationsUnreadQuery().queryKey, { unreadCount });
      // Both the panel's first page and the page's list live under this key.
      await qc.invalidateQueries({ queryKey: notificationsQuery().queryKey });
    } catch (error) {
      toast.error(errorMessage(error, 'Could not mark notifications as read.'));
    } finally {
      setBusy(false);
    }
  };

  // The member goes where the notification points at once; marking it read follows in the background.
  const opened = (n: Notification) => {
    if (!n.read)
      markRead.mutate(n.id, { onError: (error) => toast.error(errorMessage(error, 'Could not mark the notification as read.')) });
  };

  return { busy, readAll, opened };
}
