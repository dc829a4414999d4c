import type { AppContext } from '../../context.ts';
import { userRoom } from '../../realtime/rooms.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { NotificationsService } from './notifications.service.ts';

/** One notifications service per app, emitting to the member's room; other features call notify() on it. */
export function createNotificationsService(ctx: AppContext) {
  return new NotificationsService(new NotificationsRepository(ctx.db), {
    created: (userId, notification) => ctx.realtime.chat.to(userRoom(userId)).emit('notification:new', notification),
    read: (userId, event) => ctx.realtime.chat.to(userRoom(userId)).emit('notification:read', event),
  });
}
