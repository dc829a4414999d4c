import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Strict headers: a content security policy without inline script, no framing, no sniffing. */
const options: HelmetOptions = {
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
};

/**
 * The headers helmet sets for these options, worked out once. They are the same for every response (the policy has
 * no per-request nonce), and building the policy text again for each request cost about 3 % of a feed page.
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as never, response as never, () => (done = true));
  if (!done) throw new Error('helmet did not set its headers at once');
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
