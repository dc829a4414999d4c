import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  idParamSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  readAllResponseSchema,
  unreadCountSchema,
} from '@tribeverse/shared';
import type { AccountModule } from '../auth/account.module.ts';
import { currentUser } from '../auth/auth.guard.ts';
import { presentNotification } from './notifications.presenter.ts';
import type { NotificationsService } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{ account: AccountModule; service: NotificationsService }> = async (
  app,
  { account, service },
) => {
  const base = { tags: ['notifications'], security: [{ bearer: [] }] };
  const preHandler = account.requireAuth;

  app.get(
    '/notifications/unread-count',
    { schema: { ...base, response: { 200: unreadCountSchema, 401: apiErrorSchema } }, preHandler },
    async (request) => ({ unreadCount: await service.unreadCount(currentUser(request).userId) }),
  );

  app.get(
    '/notifications',
    {
      schema: { ...base, querystring: notificationsQuerySchema, response: { 200: notificationsPageSchema, 400: apiErrorSchema, 401: apiErrorSchema } },
      preHandler,
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, hasMore, unreadCount } = await service.list(currentUser(request).userId, page, limit);
      return { notifications: rows.map(presentNotification), page, limit, has_more: hasMore, unreadCount };
    },
  );

  app.post(
    '/notifications/read-all',
    { schema: { ...base, response: { 200: readAllResponseSchema, 401: apiErrorSchema } }, preHandler },
    async (request) => ({
      message: 'All notifications marked as read',
      unreadCount: await service.markAllRead(currentUser(request).userId),
    }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: { ...base, params: idParamSchema, response: { 200: readAllResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema } },
      preHandler,
    },
    async (request) => ({
      message: 'Notification marked as read',
      unreadCount: await service.markRead(currentUser(request).userId, request.params.id),
    }),
  );
};
