import { ListError } from '../../../components/ui/list-error';
import type { Notification } from '@tribeverse/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { useNotifications } from '../api/get-notifications';
import { NotificationLink } from './notification-item';
import { useNotificationActions } from './use-notification-actions';

/** The bell's list: newest first, unread ones marked, and one button to mark everything read. */
export function NotificationsPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const list = useNotifications(open);
  const { busy, readAll, opened } = useNotificationActions();
  const items = list.data?.notifications ?? [];
  const unread = items.some((n) => !n.read);

  const follow = (n: Notification) => {
    opened(n);
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
