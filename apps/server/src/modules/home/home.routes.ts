import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, newsletterBodySchema, newsletterResponseSchema } from '@tribeverse/shared';
import type { AppContext } from '../../context.ts';
import { NewsletterRepository } from './newsletter.repository.ts';
import { NewsletterService } from './newsletter.service.ts';

export const homeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const newsletter = new NewsletterService(new NewsletterRepository(ctx.db));

  app.post(
    '/newsletter',
    {
      schema: {
        tags: ['home'],
        body: newsletterBodySchema,
        response: { 201: newsletterResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request, reply) => reply.status(201).send(await newsletter.subscribe(request.body.email)),
  );
};
