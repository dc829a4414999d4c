import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditPageSchema,
  auditQuerySchema,
  bansSchema,
  communityMemberParamsSchema,
  communityMemberSchema,
  communityOnlineSchema,
  communityParamsSchema,
  createReportBodySchema,
  createReportResultSchema,
  membersPageSchema,
  membersQuerySchema,
  removeMemberQuerySchema,
  reportParamsSchema,
  reportSchema,
  reportsPageSchema,
  reportsQuerySchema,
  resolveReportBodySchema,
  updateMemberBodySchema,
} from '@tribeverse/shared';
import type { CommunityMembersService } from './communities-members.service.ts';
import type { CommunityModerationService } from './communities-moderation.service.ts';
import { common, deleteRoute, errors, me } from './communities-http.ts';

/** The members tab, who is online, and moderation: reports, roles, time-outs, removals, bans, the audit log. */
export function communityMembersRoutes(deps: {
  members: CommunityMembersService;
  moderation: CommunityModerationService;
}): FastifyPluginAsyncZod {
  const { members, moderation } = deps;
  return async (app) => {
    const params = communityParamsSchema;
    const memberParams = communityMemberParamsSchema;

    app.get(
      '/communities/:id/members',
      { schema: { ...common, params, querystring: membersQuerySchema, response: { 200: membersPageSchema, ...errors } } },
      async (request) => members.list(me(request), request.params.id, request.query),
    );

    app.get(
      '/communities/:id/online',
      { schema: { ...common, params, response: { 200: communityOnlineSchema, ...errors } } },
      async (request) => members.online(me(request), request.params.id),
    );

    app.patch(
      '/communities/:id/members/:userId',
      {
        schema: {
          ...common,
          description:
            '`{role}` (manage_roles; only roles whose rights the caller holds) or `{timeout_until}` (timeout_member; null lifts it).',
          params: memberParams,
          body: updateMemberBodySchema,
          response: { 200: communityMemberSchema, ...errors },
        },
      },
      async (request) => members.update(me(request), request.params.id, request.params.userId, request.body),
    );

    deleteRoute(app, '/communities/:id/members/:userId', {
      params: memberParams,
      querystring: removeMemberQuerySchema,
      remove: (caller, { params: p, query }) => members.remove(caller, p.id, p.userId, query.ban ?? false),
    });

    app.get('/communities/:id/bans', { schema: { ...common, params, response: { 200: bansSchema, ...errors } } }, async (request) =>
      members.bans(me(request), request.params.id),
    );

    deleteRoute(app, '/communities/:id/bans/:userId', {
      params: memberParams,
      remove: (caller, { params: p }) => members.unban(caller, p.id, p.userId),
    });

    app.post(
      '/communities/:id/reports',
      { schema: { ...common, params, body: createReportBodySchema, response: { 201: createReportResultSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await moderation.report(me(request), request.params.id, request.body)),
    );

    app.get(
      '/communities/:id/reports',
      { schema: { ...common, params, querystring: reportsQuerySchema, response: { 200: reportsPageSchema, ...errors } } },
      async (request) => moderation.reports(me(request), request.params.id, request.query),
    );

    app.post(
      '/communities/:id/reports/:reportId/resolve',
      { schema: { ...common, params: reportParamsSchema, body: resolveReportBodySchema, response: { 200: reportSchema, ...errors } } },
      async (request) => moderation.resolve(me(request), request.params.id, request.params.reportId, request.body.status),
    );

    app.get(
      '/communities/:id/audit',
      { schema: { ...common, params, querystring: auditQuerySchema, response: { 200: auditPageSchema, ...errors } } },
      async (request) => moderation.audit(me(request), request.params.id, request.query),
    );
  };
}
