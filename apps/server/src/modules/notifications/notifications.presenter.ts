import type { Notification } from '@tribeverse/shared';
import type { NotificationRow } from './notifications.repository.ts';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    payload: (row.payload ?? {}) as Record<string, unknown>,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}
