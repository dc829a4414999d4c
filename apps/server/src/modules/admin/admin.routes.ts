import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAuditPageSchema,
  adminAuditQuerySchema,
  adminReportsPageSchema,
  adminReportsQuerySchema,
  adminStatsQuerySchema,
  adminStatsSchema,
  adminUserParamsSchema,
  idParamSchema,
  instanceReportSchema,
  messageResponseSchema,
  moderatorParamsSchema,
  moderatorsSchema,
  resolveInstanceReportBodySchema,
  restrictedMembersSchema,
  restrictedQuerySchema,
  suspendBodySchema,
  suspensionSchema,
} from '@tribeverse/shared';
import { bearer, bearerToken, errorResponses } from '../../http/route-kit.ts';
import type { AuthIdentity } from '../../http/route-kit.ts';
import { noAdminArea, type Staff } from './admin.policy.ts';
import type { AdminService } from './admin.service.ts';
import type { AdminReportsService } from './admin-reports.service.ts';
import { adminSettingsRoutes } from './admin-settings.routes.ts';
import type { AdminFiltersService } from './admin-filters.ts';
import type { AdminSettingsService } from './admin-settings.service.ts';
import type { AdminStatsService } from './admin-stats.service.ts';
import { adminAppealsRoutes } from './admin-appeals.routes.ts';
import type { AdminAppealsService } from './admin-appeals.service.ts';
import { adminHeldRoutes } from './admin-held.routes.ts';
import type { AdminHeldService } from './admin-held.service.ts';

export interface AdminRouteParts {
  admin: AdminService;
  reports: AdminReportsService;
  settings: AdminSettingsService;
  filters: AdminFiltersService;
  stats: AdminStatsService;
  appeals: AdminAppealsService;
  held: AdminHeldService;
  /** The bearer token's session (the auth module's), without the 401 of a member-only route. */
  resumeSession(token: string): Promise<AuthIdentity | null>;
}

/**
 * /api/admin/*: for the instance's admins and moderators. Anyone else, signed in or not, gets the 404 of a path that
 * does not exist, decided before the request is even read (a bad body or id would otherwise answer 400 and tell).
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRouteParts> = async (
  app,
  { admin, reports, settings, filters, stats, appeals, held, resumeSession },
) => {
  const tags = ['admin'];
  const staffOf = new WeakMap<FastifyRequest, Staff>();
  const staff = (request: FastifyRequest) => staffOf.get(request)!;
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    const identity = token ? await resumeSession(token) : null;
    if (!identity) throw noAdminArea();
    staffOf.set(request, await admin.requireStaff(identity.userId));
  });
  await app.register(adminSettingsRoutes, { settings, filters, staff });
  await app.register(adminAppealsRoutes, { appeals, staff });
  await app.register(adminHeldRoutes, { held, staff });

  app.get(
    '/admin/reports',
    {
      schema: {
        tags,
        security: bearer,
        querystring: adminReportsQuerySchema,
        response: { 200: adminReportsPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => reports.page(request.query.status, request.query.before, request.query.limit),
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      schema: {
        tags,
        security: bearer,
        params: idParamSchema,
        body: resolveInstanceReportBodySchema,
        response: { 200: instanceReportSchema, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => reports.resolve(staff(request), request.params.id, request.body),
  );

  // A suspension (no sign-in, everything hidden) and a silence (posts reach followers only): the same body and answer.
  const restrictions = [
    { path: 'suspend', kind: 'suspension', describe: 'Ends every session and socket at once; sign-in answers 403 ACCOUNT_SUSPENDED.' },
    { path: 'silence', kind: 'silence', describe: "The member's posts reach only their followers until `until` (or until lifted)." },
  ] as const;
  for (const { path, kind, describe } of restrictions) {
    app.post(
      `/admin/users/:id/${path}`,
      {
        schema: {
          tags,
          security: bearer,
          description: describe,
          params: adminUserParamsSchema,
          body: suspendBodySchema,
          response: { 200: suspensionSchema, ...errorResponses(400, 403, 404) },
        },
      },
      async (request) =>
        kind === 'suspension'
          ? admin.suspend(staff(request), request.params.id, request.body)
          : admin.silence(staff(request), request.params.id, request.body),
    );

    app.delete(
      `/admin/users/:id/${path}`,
      {
        schema: {
          tags,
          security: bearer,
          params: adminUserParamsSchema,
          response: { 200: messageResponseSchema, ...errorResponses(400, 404) },
        },
      },
      async (request) => admin.lift(staff(request), request.params.id, kind),
    );
  }

  app.get(
    '/admin/users/restricted',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Members suspended (or silenced) now, the latest first (at most 200).',
        querystring: restrictedQuerySchema,
        response: { 200: restrictedMembersSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => admin.restricted(request.query.kind === 'silenced' ? 'silence' : 'suspension'),
  );

  app.get(
    '/admin/moderators',
    { schema: { tags, security: bearer, response: { 200: moderatorsSchema, ...errorResponses(404) } } },
    async () => admin.moderators(),
  );

  app.put(
    '/admin/moderators/:userId',
    {
      schema: {
        tags,
        security: bearer,
        params: moderatorParamsSchema,
        response: { 200: moderatorsSchema, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => admin.appointModerator(staff(request), request.params.userId),
  );

  app.delete(
    '/admin/moderators/:userId',
    {
      schema: {
        tags,
        security: bearer,
        params: moderatorParamsSchema,
        response: { 200: moderatorsSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => admin.dismissModerator(staff(request), request.params.userId),
  );

  app.get(
    '/admin/stats',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Sign-ups, active members, messages, posts and open reports per day (UTC), oldest first.',
        querystring: adminStatsQuerySchema,
        response: { 200: adminStatsSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => stats.daily(request.query.days),
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        tags,
        security: bearer,
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditPageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => admin.auditPage(request.query.before, request.query.limit),
  );
};
