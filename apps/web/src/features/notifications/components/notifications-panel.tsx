import { useQueryClient } from '@tanstack/react-query';
import { ListError } from '../../../components/ui/list-error';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { Notification, UnreadCount } from '@tribeverse/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { markAllNotificationsRead, notificationsQuery, useNotifications } from '../api/get-notifications';
import { notificationsUnreadQuery } from '../api/get-unread-counts';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationLink } from './notification-item';

/** The bell's list: newest first, unread ones marked, and one button to mark everything read. */
export function NotificationsPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const qc = useQueryClient();
  const list = useNotifications(open);
  const markRead = useMarkNotificationRead();
  const [busy, setBusy] = useState(false);
  const items = list.data?.notifications ?? [];
  const unread = items.some((n) => !n.read);

  const readAll = async () => {
    setBusy(true);
    try {
      const { unreadCount } = await markAllNotificationsRead();
      qc.setQueryData<UnreadCount>(notificationsUnreadQuery().queryKey, { unreadCount });
      await qc.invalidateQueries({ queryKey: notificationsQuery().queryKey });
    } catch (error) {
      toast.error(errorMessage(error, 'Could not mark notifications as read.'));
    } finally {
      setBusy(false);
    }
  };

  // The member goes where the notification points at once; marking it read follows in the background.
  const follow = (n: Notification) => {
    if (!n.read)
      markRead.mutate(n.id, { onError: (error) => toast.error(errorMessage(error, 'Could not mark the notification as read.')) });
    onOpenChange(false);
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Notifications">
      {list.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading notifications" />
        </div>
      ) : list.isError ? (
        <ListError className="my-6" onRetry={() => void list.refetch()}>
          {errorMessage(list.error, 'Could not load notifications')}
        </ListError>
      ) : !items.length ? (
        <p className="py-6 text-center text-sm text-slate-400">No notifications yet.</p>
      ) : (
        <>
          <ul aria-label="Notifications" className="flex flex-col gap-1">
            {items.map((n) => (
              <li key={n.id}>
                <NotificationLink n={n} onFollow={follow} />
              </li>
            ))}
          </ul>
          {unread && (
            <div className="mt-4 flex justify-end">
              <Button variant="ghost" onClick={readAll} disabled={busy}>
                Mark all as read
              </Button>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
