import { Button } from '../../../components/ui/button';
import { useNotificationPages } from '../api/get-notification-pages';
import { NotificationsList } from './notifications-list';
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
      <NotificationsList
        query={list}
        items={items}
        onFollow={opened}
        look="page"
        footer={
          list.hasNextPage && (
            <Button variant="ghost" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )
        }
      />
    </div>
  );
}
