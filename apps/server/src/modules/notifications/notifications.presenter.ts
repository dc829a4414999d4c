import type { Notification, NotificationContent } from '@tribeverse/shared';
import type { NotificationRow } from './notifications.repository.ts';

export function contentOf(row: Pick<NotificationRow, 'kind' | 'payload'>): NotificationContent {
  // Rows are only written through NotificationsService.notify, whose content is typed by kind.
  return { kind: row.kind, payload: row.payload ?? {} } as NotificationContent;
}

export function presentNotification(row: NotificationRow, preview: string | null): Notification {
  return { id: row.id, ...contentOf(row), read: row.readAt !== null, created_at: row.createdAt.toISOString(), preview };
}
