import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { instanceReportBodySchema, instanceReportCreatedSchema } from '@tribeverse/shared';
import { bearer, currentUserId, errorResponses } from '../../http/route-kit.ts';
import type { AdminReportsService } from './admin-reports.service.ts';

/** POST /api/reports: any member reports what they can see to the instance's moderators. */
export const reportRoutes: FastifyPluginAsyncZod<{ reports: AdminReportsService }> = async (app, { reports }) => {
  app.post(
    '/reports',
    {
      // Per member, after the session is known: members behind one address do not share the budget.
      config: {
        rateLimit: { max: 30, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: (request) => `report:${currentUserId(request)}` },
      },
      schema: {
        tags: ['reports'],
        description:
          'A report to the instance. For a message, `message_ids` are further messages of the same conversation to copy with it; moderators read only the copies.',
        security: bearer,
        body: instanceReportBodySchema,
        response: { 201: instanceReportCreatedSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await reports.report(currentUserId(request), request.body)),
  );
};
