import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );

  if (!ctx.config.isProduction) {
    app.get('/dev/outbox', { schema: { hide: true } }, async () => ctx.mailer.outbox ?? []);
  }
};
