import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, newsletterBodySchema, newsletterResponseSchema } from '@tribeverse/shared';
import type { NewsletterService } from './home-newsletter.service.ts';

export const homeRoutes: FastifyPluginAsyncZod<{ newsletter: NewsletterService }> = async (app, { newsletter }) => {
  app.post(
    '/newsletter',
    {
      schema: {
        tags: ['home'],
        body: newsletterBodySchema,
        response: { 201: newsletterResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request, reply) => reply.status(201).send(await newsletter.subscribe(request.body.email)),
  );
};
