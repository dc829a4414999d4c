import type { NotificationContent } from '@tribeverse/shared';
import type { AppContext } from '../../context.ts';
import { userRoom } from '../../realtime/rooms.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { NotificationsService, type PreviewSource } from './notifications.service.ts';

/** Tells a member that something happened; it logs its own failures and never throws. */
export interface Notifier {
  /** With `once`: skipped when the member already has a notification of this kind holding those payload fields. */
  tell(userId: number, content: NotificationContent, options?: { once?: Record<string, unknown> }): Promise<void>;
}

/** The service, emitting to each member's room (all their tabs). */
export function buildNotificationsService(ctx: AppContext) {
  return new NotificationsService(new NotificationsRepository(ctx.db), {
    created: (userId, notification) => ctx.realtime.chat.to(userRoom(userId)).emit('notification:new', notification),
    read: (userId, event) => ctx.realtime.chat.to(userRoom(userId)).emit('notification:read', event),
  });
}

/** The member's notifications, pushed to their sockets; other features tell members through `notifier`. */
export interface NotificationsApi {
  notifier: Notifier;
  /** The feed tells how its posts and comments read, for previews. */
  usePreviews(source: PreviewSource): void;
}

export function createNotificationsModule({ ctx, app }: ModuleHost): FeatureModule<NotificationsApi> {
  const service = buildNotificationsService(ctx);
  // A notification is a side effect of an action that already happened: its failure is logged, never the action's.
  const notifier: Notifier = {
    tell: (userId, content, options) =>
      (options?.once ? service.notifyOnce(userId, content, options.once) : service.notify(userId, content)).then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error, kind: content.kind }, 'could not record a notification'),
      ),
  };
  return {
    name: 'notifications',
    routes: (api) => notificationsRoutes(api, { service }),
    api: { notifier, usePreviews: (source) => service.usePreviews(source) },
  };
}
