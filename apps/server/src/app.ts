import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@tribeverse/shared';
import type { AppContext } from './context.ts';
import type { Config } from './lib/env.ts';
import type { Db } from './db/client.ts';
import { installErrorHandling } from './lib/http-errors.ts';
import { serializeError } from './lib/log-errors.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { MediaStorage } from './lib/storage.ts';
import { createRealtime } from './realtime/io.ts';
import { registerModules } from './modules/index.ts';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Tests may pass their own; by default SMTP_URL or the dev outbox. */
  mailer?: Mailer;
  /** Key prefix of the shared (Redis) rate-limit counters; tests give each app its own. */
  rateLimitNamespace?: string;
  /** Prefix of the socket.io Redis channels; tests give each app its own so events never cross test files. */
  realtimeRedisKey?: string;
  /** Where log lines go (default stdout); tests read them to check that no secret is written. */
  logStream?: DestinationStream;
}

/** Paths whose last segment is a secret (reset tokens) or whose query carries one (OAuth callbacks). */
const redactUrl = (url: string) => url.split('?')[0]!.replace(/(\/reset-password\/)[^/]+/, '$1[redacted]');

/** Builds the whole app without listening: the server listens, tests call inject() or listen on port 0. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.code', '*.token'],
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
        err: serializeError,
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.isProduction,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  installErrorHandling(app);

  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log });
  const realtime = createRealtime(app.server, {
    redisUrl: config.redisUrl,
    redisKey: options.realtimeRedisKey,
    authenticate: async (token) => account.resumeSession(token),
  });
  const ctx: AppContext = { config, db, mailer, media: new MediaStorage(config.dataDir), realtime };

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  // Runs before the rate-limit plugin reads each route's limit, so one factor scales them all.
  if (config.rateLimitFactor !== 1) {
    app.addHook('onRoute', (route) => {
      const limit = (route.config as { rateLimit?: { max?: unknown } } | undefined)?.rateLimit;
      if (limit && typeof limit.max === 'number') limit.max = Math.ceil(limit.max * config.rateLimitFactor);
    });
  }
  let rateLimitRedis: Redis | undefined;
  if (config.redisUrl) rateLimitRedis = new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
  await app.register(rateLimit, {
    global: false,
    redis: rateLimitRedis,
    nameSpace: options.rateLimitNamespace ?? 'tribeverse-rl:',
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: ErrorCode.RATE_LIMITED,
      msg: `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 30, parts: 40 } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Tribeverse API', version: '1.0.0', description: 'Social and community chat.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const account = await registerModules(app, ctx);

  const mediaRoot = ctx.media.root;
  fs.mkdirSync(mediaRoot, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaRoot,
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
  });

  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  // The page must always be fresh: a cached one would point at bundles a new build has replaced.
  const sendPage = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDist, { cacheControl: false });
  if (hasWeb) {
    // Files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, { root: config.webDist, prefix: '/', wildcard: true, index: false });
    // The root is a folder to the file server; the page itself is answered like every other client route.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply));
    // Hashed bundles never change; index.html must always be fresh.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/assets/') && reply.statusCode === 200) reply.header('cache-control', 'public, max-age=31536000, immutable');
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // A missing bundle must be a 404: answering it with the page would leave a stale tab with a blank screen.
    const isApi = ['/api', '/media', '/socket.io', '/assets/'].some((prefix) => request.url.startsWith(prefix));
    if (!isApi && request.method === 'GET' && hasWeb) {
      return sendPage(reply);
    }
    return reply.status(404).send({ code: ErrorCode.NOT_FOUND, msg: 'Not found.' });
  });

  app.addHook('preClose', async () => {
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    rateLimitRedis?.disconnect();
    await mailer.close();
  });
  app.decorate('ctx', ctx);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
