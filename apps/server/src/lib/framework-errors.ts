import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@tribeverse/shared';

/**
 * Errors raised before a request reaches a route (a path parameter past the router's limit, a malformed URL),
 * answered in the one `{code, msg}` shape like every other error.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ code: ErrorCode.BAD_REQUEST, msg: 'The address is too long.' });
  }
  return reply.status(400).send({ code: ErrorCode.BAD_REQUEST, msg: 'The address could not be read.' });
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (headers too large, a malformed request, a client
 * too slow to send it): answered on the raw socket, still as `{code, msg}`.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const [status, code, msg] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, ErrorCode.BAD_REQUEST, 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, ErrorCode.BAD_REQUEST, 'The request took too long to arrive.']
        : [400, ErrorCode.BAD_REQUEST, 'The request could not be read.'];
  const body = JSON.stringify({ code, msg });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * socket.io answers a bad handshake itself (`{code: 0, message}`), before the app sees the request: reshape those
 * answers to `{code, msg}` on the way out. Only error responses of the socket.io path are touched.
 */
export function reshapeSocketErrors(server: http.Server, path = '/socket.io/') {
  server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!req.url?.startsWith(path)) return;
    const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (res.statusCode >= 400 && typeof chunk === 'string') {
        try {
          const parsed = JSON.parse(chunk) as { message?: unknown; code?: unknown };
          if (typeof parsed.code === 'number') {
            return end(JSON.stringify({ code: ErrorCode.BAD_REQUEST, msg: String(parsed.message ?? 'Bad request') }));
          }
        } catch {
          // not JSON: leave it
        }
      }
      return (end as (...args: unknown[]) => http.ServerResponse)(chunk, ...rest);
    }) as typeof res.end;
  });
}
