import type { Notification, NotificationContent, NotificationReadEvent } from '@tribeverse/shared';
import { notFound } from '../../lib/errors.ts';
import { presentNotification } from './notifications.presenter.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

/** Delivers events to one member's sockets (all their tabs). */
export interface NotificationEvents {
  created(userId: number, notification: Notification): void;
  read(userId: number, event: NotificationReadEvent): void;
}

/** The member's notifications; every call is scoped to the caller's own rows. Events go out after the write. */
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly events?: NotificationEvents,
  ) {}

  /**
   * notify() unless the member already has a notification of this kind about the same thing (the payload fields in
   * `once`): liking, unliking and liking again is one notification, not three. Null when nothing was recorded.
   */
  async notifyOnce(userId: number, content: NotificationContent, once: Record<string, unknown>) {
    if (await this.notifications.exists(userId, content.kind, once)) return null;
    return this.notify(userId, content);
  }

  /** For other features (follows, likes, comments): records a notification for one member and tells their tabs. */
  async notify(userId: number, { kind, payload }: NotificationContent) {
    const row = await this.notifications.create(userId, kind, payload);
    this.events?.created(userId, presentNotification(row));
    return row;
  }

  unreadCount(userId: number) {
    return this.notifications.countUnread(userId);
  }

  async list(userId: number, page: number, limit: number) {
    const [{ rows, hasMore }, unreadCount] = await Promise.all([
      this.notifications.findPageForUser(userId, page, limit),
      this.notifications.countUnread(userId),
    ]);
    return { rows, hasMore, unreadCount };
  }

  async markAllRead(userId: number) {
    await this.notifications.markAllRead(userId);
    const unreadCount = await this.notifications.countUnread(userId);
    this.events?.read(userId, { id: null, unreadCount });
    return unreadCount;
  }

  async markRead(userId: number, id: number) {
    if (!(await this.notifications.markRead(userId, id))) throw notFound('Notification not found.');
    const unreadCount = await this.notifications.countUnread(userId);
    this.events?.read(userId, { id, unreadCount });
    return unreadCount;
  }
}
