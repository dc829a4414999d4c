import type { FastifyRequest } from 'fastify';
import { apiErrorSchema } from '@tribeverse/shared';
import { unauthorized } from '../lib/errors.ts';

/**
 * Who may call a route, declared in its options as `config: { access }`. Routes are member-only unless they say
 * otherwise: forgetting the declaration can never open a route to the public.
 * - `public`: anyone;
 * - `member`: a live session (401 otherwise);
 * - `writer`: a member whose profile is set up, for writing what others read (403 otherwise).
 */
export type RouteAccess = 'public' | 'member' | 'writer';

export interface AuthIdentity {
  userId: number;
  sessionId: number;
  /** When this session was opened by a sign-in: a recent one stands in for the password of Google/Apple-only accounts. */
  signedInAt: Date;
  /** When the session ends unless it is used again (its idle timeout), or at the latest (its absolute lifetime). */
  endsAt: Date;
  /** The member was seen to be a writer (auth.policy.ts) with the session: true is final, false may be out of date. */
  knownWriter: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthIdentity | null;
  }
}

/** The bearer token of a request, if it carries one. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The signed-in member of a guarded request. */
export function currentUserId(request: FastifyRequest): number {
  return currentIdentity(request).userId;
}

export function currentIdentity(request: FastifyRequest): AuthIdentity {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429;

/** The `{code, msg}` responses a route declares, by status: `...errorResponses(400, 401, 429)`. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}

/** The OpenAPI marker of a route that takes the bearer token. */
export const bearer = [{ bearer: [] }];
