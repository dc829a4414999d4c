import type { Notification, NotificationContent } from '@tribeverse/shared';

/** An unread notification of this kind and payload, as the server lists it. */
export const note = (content: NotificationContent): Notification => ({
  id: 1,
  read: false,
  created_at: '2025-01-01T00:00:00Z',
  preview: null,
  ...content,
});
