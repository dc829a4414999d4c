import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, settingsSchema, updateSettingsBodySchema } from '@tribeverse/shared';
import { currentUserId } from '../../http/route-kit.ts';
import { presentSettings } from './settings.presenter.ts';
import type { SettingsService } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  const common = { tags: ['settings'], security: [{ bearer: [] }] };

  app.get('/settings', { schema: { ...common, response: { 200: settingsSchema, 401: apiErrorSchema } } }, async (request) =>
    presentSettings(await settings.get(currentUserId(request))),
  );

  app.patch(
    '/settings',
    { schema: { ...common, body: updateSettingsBodySchema, response: { 200: settingsSchema, 400: apiErrorSchema, 401: apiErrorSchema } } },
    async (request) => presentSettings(await settings.update(currentUserId(request), request.body)),
  );
};
