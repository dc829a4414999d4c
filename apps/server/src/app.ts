import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import type { Config } from './lib/env.ts';
import type { Db } from './db/client.ts';
import { installErrorHandling } from './lib/http-errors.ts';
import { clientErrorHandler, frameworkErrors, reshapeSocketErrors } from './lib/framework-errors.ts';
import { serializeError } from './lib/log-errors.ts';
import { clientAddress, trustProxyFn } from './lib/client-address.ts';
import { countryOfAddress } from './lib/client-country.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { MediaStorage } from './lib/storage.ts';
import { Metrics } from './lib/metrics.ts';
import { createRealtime } from './realtime/io.ts';
import { ChangeNotices } from './db/change-notices.ts';
import { registerModules } from './modules/index.ts';
import { SOCKET_SESSION_CHECK_MS, watchSocketSessions } from './modules/auth/auth-socket-sessions.ts';
import type { AuthApi } from './modules/auth/auth.module.ts';
import { registerDecodeBudget } from './plugins/decode-budget.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerMedia, registerWebApp } from './plugins/web-static.ts';

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
  /** How often open sockets are checked against their sessions (default a minute); tests use less. */
  socketSessionCheckMs?: number;
}

/** Paths whose last segment is a secret (reset tokens) or whose query carries one (OAuth callbacks). */
const redactUrl = (url: string) => url.split('?')[0]!.replace(/(\/reset-password\/)[^/]+/, '$1[redacted]');

/** Builds the whole app without listening: the server listens, tests call inject() or listen on port 0. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const trustProxy = trustProxyFn(config.trustProxy);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.code', '*.token', '*.lat', '*.lng'],
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
        err: serializeError,
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
    // Only the operator's proxies may name the client (TRUST_PROXY); NODE_ENV alone trusts nobody.
    trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  installErrorHandling(app);

  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log });
  // The socket handshake resumes sessions through the auth module, which exists once the modules are registered.
  let resumeSession: AuthApi['resumeSession'] = async () => null;
  const realtime = createRealtime(app.server, {
    redisUrl: config.redisUrl,
    redisKey: options.realtimeRedisKey,
    // A socket's connect is a use of its session too: its place is recorded as an HTTP request's is.
    authenticate: async (token, request) => {
      const identity = await resumeSession(token, () => countryOfAddress(clientAddress(request, trustProxy)));
      return identity && { userId: identity.userId, sessionId: identity.sessionId, sessionEndsAt: identity.endsAt.getTime() };
    },
    rateLimitFactor: config.rateLimitFactor,
    onHandlerError: (error, event) => app.log.error({ err: error, event }, 'socket event handler failed'),
  });
  reshapeSocketErrors(app.server);
  // First, so every route registered after it is timed (GET /metrics, served by the health module).
  const metrics = new Metrics(() => realtime.chat.sockets.size);
  metrics.instrument(app);
  const notices = ChangeNotices.of(db, (error) =>
    app.log.warn({ err: error }, 'change notices: connection lost; read caches are off until it is back'),
  );
  await notices.start();
  const ctx: AppContext = {
    config,
    db,
    mailer,
    media: new MediaStorage(config.dataDir),
    realtime,
    notices,
    metrics,
    limitsNamespace: options.rateLimitNamespace ?? 'tribeverse-rl:',
  };

  registerSecurityHeaders(app);
  await registerRateLimits(app, config, options.rateLimitNamespace ?? 'tribeverse-rl:');
  registerDecodeBudget(app, config, options.rateLimitNamespace ?? 'tribeverse-rl:');
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 30, parts: 40 } });
  await registerDocs(app, config.apiDocs);
  const modules = await registerModules(app, ctx);
  resumeSession = modules.auth.resumeSession;
  const socketSessions = watchSocketSessions(
    realtime.chat,
    modules.auth.liveSessionEnds,
    options.socketSessionCheckMs ?? SOCKET_SESSION_CHECK_MS,
    app.log,
  );
  await registerMedia(app, ctx.media, modules.media);
  await registerWebApp(app, config.webDist);

  app.addHook('preClose', async () => {
    socketSessions.stop();
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    await mailer.close();
    await notices.close();
  });
  app.decorate('ctx', ctx);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
