import { Button } from '../../../components/ui/button';
import { ListError } from '../../../components/ui/list-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { useNotificationPages } from '../api/get-notification-pages';
import { NotificationLink } from './notification-item';
import { useNotificationActions } from './use-notification-actions';

/** /notifications: every notification, newest first, live; mark one read by opening it, or all at once. */
export function NotificationsPage() {
  const list = useNotificationPages();
  const { busy, readAll, opened } = useNotificationActions();
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unreadCount = list.data?.pages[0]?.unreadCount ?? 0;

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
        <ListError onRetry={() => void list.refetch()}>{errorMessage(list.error, 'Could not load notifications')}</ListError>
      ) : !items.length ? (
        <p className="text-slate-400">No notifications yet.</p>
      ) : (
        <>
          <ul aria-label="Notifications" className="flex flex-col gap-1 rounded-2xl border border-slate-800 bg-slate-900 p-2">
            {items.map((n) => (
              <li key={n.id}>
                <NotificationLink n={n} onFollow={opened} />
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
