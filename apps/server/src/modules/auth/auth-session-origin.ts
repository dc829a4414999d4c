import type { FastifyRequest } from 'fastify';
import { countryOfAddress } from '../../lib/client-country.ts';
import type { SessionOrigin } from './auth-sessions.repository.ts';

/** What the sessions list tells of a sign-in, from the request that completes it (request.ip follows TRUST_PROXY). */
export const sessionOrigin = (request: FastifyRequest): SessionOrigin => ({
  userAgent: request.headers['user-agent'],
  country: countryOfAddress(request.ip),
});
