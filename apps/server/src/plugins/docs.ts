import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, built from every route's zod schemas, browsable at /api/docs. Not in production unless the
 * operator turns it on (API_DOCS=on): the one client, the web app, is built from the shared schemas and never reads
 * it, while a ready list of every route, parameter and error is the first thing someone probing the API looks for.
 * Hiding it is no protection by itself (every route checks its caller), only less help.
 */
export async function registerDocs(app: FastifyInstance, enabled: boolean) {
  if (!enabled) return;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tribeverse API', version: '1.0.0', description: 'Social and community chat.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
