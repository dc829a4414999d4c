import type { FastifyRequest } from 'fastify';
import { apiErrorSchema } from '@tribeverse/shared';
import { currentUserId } from '../../http/route-kit.ts';

/** What every community route file shares: the caller and the declared errors. Access is declared per route. */
export const me = (request: FastifyRequest) => currentUserId(request);
export const common = { tags: ['communities'], security: [{ bearer: [] }] };
export const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
export const withConflict = { ...errors, 409: apiErrorSchema, 410: apiErrorSchema };
export const uploadErrors = { ...errors, 413: apiErrorSchema, 415: apiErrorSchema };
/** For writing what others read: a set-up profile (403 otherwise). */
export const writer = { config: { access: 'writer' as const } };
