import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.ts';
import type { SessionsRepository } from './sessions.repository.ts';

export interface AuthIdentity {
  userId: number;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthIdentity | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** preHandler for every member-only route: a live session or 401. */
export function createAuthGuard(sessions: SessionsRepository) {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw unauthorized('No auth token found');
    const identity = await sessions.findLiveByToken(token);
    if (!identity) throw unauthorized('Your session has ended. Please sign in again.');
    request.auth = identity;
  };
}

/** The identity of a guarded request; only call behind requireAuth. */
export function currentUser(request: FastifyRequest): AuthIdentity {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
