import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SCAN_LIMITS, scanBodySchema, scanLocationBodySchema, scanLocationStateSchema, scanResultSchema } from '@tribeverse/shared';
import { bearer, currentUserId, errorResponses } from '../../http/route-kit.ts';
import { presentLocationState } from './scan.presenter.ts';
import type { ScanService } from './scan.service.ts';

const tags = ['scan'];
const HOUR_MS = 60 * 60 * 1000;

/** /api/scan: location on and off, and the scan itself. No answer carries a coordinate or a cell. */
export const scanRoutes =
  (scan: ScanService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/scan/location',
      { schema: { tags, security: bearer, response: { 200: scanLocationStateSchema, ...errorResponses(401) } } },
      async (request) => presentLocationState(await scan.locationState(currentUserId(request))),
    );

    // Others will see this member in their scans: a set-up profile, like any writing.
    app.put(
      '/scan/location',
      {
        config: { access: 'writer' },
        schema: {
          tags,
          security: bearer,
          description: `Turns location on (or renews it for ${SCAN_LIMITS.visibleDays} days). Only a coarse grid cell is kept.`,
          body: scanLocationBodySchema,
          response: { 200: scanLocationStateSchema, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request) => presentLocationState(await scan.setLocation(currentUserId(request), request.body.lat, request.body.lng)),
    );

    app.delete(
      '/scan/location',
      { schema: { tags, security: bearer, response: { 200: scanLocationStateSchema, ...errorResponses(401) } } },
      async (request) => {
        await scan.clearLocation(currentUserId(request));
        return presentLocationState(null);
      },
    );

    app.post(
      '/scan',
      {
        config: {
          // Per member, counted after sign-in (preHandler): not per address, not per session.
          rateLimit: {
            hook: 'preHandler',
            max: SCAN_LIMITS.scansPerHour,
            timeWindow: HOUR_MS,
            keyGenerator: (request) => `scan:${currentUserId(request)}`,
          },
        },
        schema: {
          tags,
          security: bearer,
          description:
            'Communities with a place in range, and (for a visible caller) visible people, by shared interests then distance band.',
          body: scanBodySchema,
          response: { 200: scanResultSchema, ...errorResponses(400, 401, 429) },
        },
      },
      async (request) => scan.scan(currentUserId(request), request.body),
    );
  };
