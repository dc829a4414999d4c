import type { Notification } from '@tribeverse/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useNotifications } from '../api/get-notifications';
import { NotificationsList } from './notifications-list';
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
      <NotificationsList
        query={list}
        items={items}
        onFollow={follow}
        look="panel"
        footer={
          unread && (
            <div className="mt-4 flex justify-end">
              <Button variant="ghost" onClick={readAll} disabled={busy}>
                Mark all as read
              </Button>
            </div>
          )
        }
      />
    </Modal>
  );
}
