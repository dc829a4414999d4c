import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { Notification, UnreadCount } from '@tribeverse/shared';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { useNotificationPages } from '../api/get-notification-pages';
import { markAllNotificationsRead } from '../api/get-notifications';
import { notificationsUnreadQuery } from '../api/get-unread-counts';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationLink } from './notification-item';

/** /notifications: every notification, newest first, live; mark one read by opening it, or all at once. */
export function NotificationsPage() {
  const qc = useQueryClient();
  const list = useNotificationPages();
  const markRead = useMarkNotificationRead();
  const [busy, setBusy] = useState(false);
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unreadCount = list.data?.pages[0]?.unreadCount ?? 0;

  const readAll = async () => {
    setBusy(true);
    try {
      const { unreadCount: left } = await markAllNotificationsRead();
      qc.setQueryData<UnreadCount>(notificationsUnreadQuery().queryKey, { unreadCount: left });
      await qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
    } catch (error) {
      toast.error(errorMessage(error, 'Could not mark notifications as read.'));
    } finally {
      setBusy(false);
    }
  };
  const open = (n: Notification) => {
    if (!n.read)
      markRead.mutate(n.id, { onError: (error) => toast.error(errorMessage(error, 'Could not mark the notification as read.')) });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Notifications</h1>
        {unreadCount > 0 && (
          <Button variant="secondary" onClick={readAll} disabled={busy}>
            Mark all as read
          </Button>
        )}
      </div>
      {list.isPending ? (
        <Spinner label="Loading notifications" />
      ) : list.isError ? (
        <p className="text-red-400">{errorMessage(list.error, 'Could not load notifications')}</p>
      ) : !items.length ? (
        <p className="text-slate-400">No notifications yet.</p>
      ) : (
        <>
          <ul aria-label="Notifications" className="flex flex-col gap-1 rounded-2xl border border-slate-800 bg-slate-900 p-2">
            {items.map((n) => (
              <li key={n.id}>
                <NotificationLink n={n} onFollow={open} />
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <Button variant="ghost" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
