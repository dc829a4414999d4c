import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  idParamSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  readAllResponseSchema,
  unreadCountSchema,
} from '@tribeverse/shared';
import { currentUserId } from '../../http/route-kit.ts';
import type { NotificationsService } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{ service: NotificationsService }> = async (app, { service }) => {
  const base = { tags: ['notifications'], security: [{ bearer: [] }] };

  app.get(
    '/notifications/unread-count',
    { schema: { ...base, response: { 200: unreadCountSchema, 401: apiErrorSchema } } },
    async (request) => ({ unreadCount: await service.unreadCount(currentUserId(request)) }),
  );

  app.get(
    '/notifications',
    {
      schema: {
        ...base,
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { notifications, hasMore, unreadCount } = await service.list(currentUserId(request), page, limit);
      return { notifications, page, limit, has_more: hasMore, unreadCount };
    },
  );

  app.post(
    '/notifications/read-all',
    { schema: { ...base, response: { 200: readAllResponseSchema, 401: apiErrorSchema } } },
    async (request) => ({
      message: 'All notifications marked as read',
      unreadCount: await service.markAllRead(currentUserId(request)),
    }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        ...base,
        params: idParamSchema,
        response: { 200: readAllResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({
      message: 'Notification marked as read',
      unreadCount: await service.markRead(currentUserId(request), request.params.id),
    }),
  );
};
