import { z } from 'zod';
import { LIMITS } from '../limits.ts';

/** Header counters: unread chat messages and unread notifications of the signed-in member. */
export const unreadCountSchema = z.object({ unreadCount: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  /** What happened, e.g. 'follow', 'like', 'comment', 'message'; the client picks the text and icon from it. */
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(LIMITS.feedPageSize),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationsPageSchema = z.object({
  notifications: z.array(notificationSchema),
  page: z.number().int(),
  limit: z.number().int(),
  has_more: z.boolean(),
  unreadCount: z.number().int().min(0),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const readAllResponseSchema = z.object({ message: z.string(), unreadCount: z.number().int().min(0) });

/** One notification (id) or all of them (id null) were marked read; the header counter shows unreadCount. */
export const notificationReadEventSchema = z.object({ id: z.number().int().nullable(), unreadCount: z.number().int().min(0) });
export type NotificationReadEvent = z.infer<typeof notificationReadEventSchema>;
