import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminFiltersSchema,
  altchaChallengeSchema,
  instanceInviteSchema,
  instanceSettingsSchema,
  moderatorParamsSchema,
  pendingRegistrationsSchema,
  updateInstanceSettingsBodySchema,
} from '@tribeverse/shared';
import { bearer, errorResponses } from '../../http/route-kit.ts';
import type { Staff } from './admin.policy.ts';
import type { AdminFiltersService } from './admin-filters.ts';
import type { AdminSettingsService } from './admin-settings.service.ts';

/** GET /api/instance: what sign-up shows before anyone has an account (the registration mode and the rules). */
export const instanceRoutes: FastifyPluginAsyncZod<{ settings: AdminSettingsService }> = async (app, { settings }) => {
  app.get(
    '/instance',
    { config: { access: 'public' }, schema: { tags: ['instance'], response: { 200: instanceSettingsSchema } } },
    async () => settings.settings(),
  );

  app.get(
    '/instance/challenge',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['instance'],
        description: 'A proof-of-work challenge (altcha v2, SHA-256) for sign-up, valid ten minutes.',
        response: { 200: altchaChallengeSchema, ...errorResponses(429) },
      },
    },
    async () => settings.challenge(),
  );
};

/** /api/admin/settings, registrations and invites: registered inside the admin area, behind its 404. */
export const adminSettingsRoutes: FastifyPluginAsyncZod<{
  settings: AdminSettingsService;
  filters: AdminFiltersService;
  staff(request: FastifyRequest): Staff;
}> = async (app, { settings, filters, staff }) => {
  const tags = ['admin'];
  app.get(
    '/admin/filters',
    { schema: { tags, security: bearer, response: { 200: adminFiltersSchema, ...errorResponses(404) } } },
    async () => filters.get(),
  );

  app.put(
    '/admin/filters',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Replaces the filters. Admins only. `hold` keeps a post for review (GET /api/admin/held); elsewhere it refuses.',
        body: adminFiltersSchema,
        response: { 200: adminFiltersSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => filters.put(staff(request), request.body.entries),
  );

  app.get(
    '/admin/settings',
    { schema: { tags, security: bearer, response: { 200: instanceSettingsSchema, ...errorResponses(404) } } },
    async () => settings.settings(),
  );

  app.patch(
    '/admin/settings',
    {
      schema: {
        tags,
        security: bearer,
        body: updateInstanceSettingsBodySchema,
        response: { 200: instanceSettingsSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => settings.update(staff(request), request.body),
  );

  app.get(
    '/admin/registrations',
    { schema: { tags, security: bearer, response: { 200: pendingRegistrationsSchema, ...errorResponses(403, 404) } } },
    async (request) => settings.pending(staff(request)),
  );

  app.post(
    '/admin/registrations/:userId/approve',
    {
      schema: {
        tags,
        security: bearer,
        params: moderatorParamsSchema,
        response: { 200: pendingRegistrationsSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => settings.approve(staff(request), request.params.userId),
  );

  app.post(
    '/admin/invites',
    { schema: { tags, security: bearer, response: { 201: instanceInviteSchema, ...errorResponses(403, 404) } } },
    async (request, reply) => reply.status(201).send(await settings.createInvite(staff(request))),
  );
};
