import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const isLoopback = (address: string) => address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

/**
 * A request from the machine itself: a loopback peer that forwards nobody else's request. A request that came
 * through a proxy carries X-Forwarded-For or Forwarded and is someone else's, whatever its socket's address.
 */
export function fromThisMachine(request: FastifyRequest) {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && isLoopback(request.ip) && isLoopback(request.socket.remoteAddress ?? '');
}

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function bearsToken(request: FastifyRequest, token: string | undefined) {
  const header = request.headers.authorization;
  if (!token || !header?.startsWith('Bearer ')) return false;
  // Digests have one length whatever was sent, so the comparison's time tells nothing about the token.
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}
