import type { Notification, NotificationContent } from '@tribeverse/shared';
import type { NotificationRow } from './notifications.repository.ts';

export function presentNotification(row: NotificationRow): Notification {
  // Rows are only written through NotificationsService.notify, whose content is typed by kind.
  const content = { kind: row.kind, payload: row.payload ?? {} } as NotificationContent;
  return { id: row.id, ...content, read: row.readAt !== null, created_at: row.createdAt.toISOString() };
}
