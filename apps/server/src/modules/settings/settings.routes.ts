import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, settingsSchema, updateSettingsBodySchema } from '@tribeverse/shared';
import type { AccountModule } from '../auth/account.module.ts';
import { currentUser } from '../auth/auth.guard.ts';
import { presentSettings } from './settings.presenter.ts';
import type { SettingsService } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ account: AccountModule; settings: SettingsService }> = async (app, { account, settings }) => {
  const common = { tags: ['settings'], security: [{ bearer: [] }] };
  app.addHook('preHandler', account.requireAuth);

  app.get('/settings', { schema: { ...common, response: { 200: settingsSchema, 401: apiErrorSchema } } }, async (request) =>
    presentSettings(await settings.get(currentUser(request).userId)),
  );

  app.patch(
    '/settings',
    { schema: { ...common, body: updateSettingsBodySchema, response: { 200: settingsSchema, 400: apiErrorSchema, 401: apiErrorSchema } } },
    async (request) => presentSettings(await settings.update(currentUser(request).userId, request.body)),
  );
};
