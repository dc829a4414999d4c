import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@tribeverse/shared';
import type { Mailer } from '../../lib/mailer.ts';
import type { HealthRepository } from './health.repository.ts';
import { fromThisMachine } from './health-local-only.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthRepository; outbox: Mailer['outbox'] | null }> = async (
  app,
  { health, outbox },
) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } }, config: { access: 'public' } },
    async () => {
      await health.ping();
      return { status: 'ok' as const };
    },
  );

  if (outbox) {
    // Every code ever mailed is in the outbox: only the machine itself may read it, never a client of a server that
    // listens on a public address or sits behind a proxy (a forwarded request comes from someone else).
    app.get('/dev/outbox', { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
      if (!fromThisMachine(request)) return reply.status(404).send({ code: ErrorCode.NOT_FOUND, msg: 'Not found.' });
      return outbox;
    });
  }
};
