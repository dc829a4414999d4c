import type { FastifyRequest } from 'fastify';
import { SCAN_LIMITS } from '@tribeverse/shared';
import type { AccountDataPart } from '../account-data/account-data.service.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import { ScanRepository } from './scan.repository.ts';
import { scanRoutes } from './scan.routes.ts';
import { ScanCommunitiesRepository } from './scan-communities.repository.ts';
import { ScanService, type LocationChangeLimiter, type PresentCommunities } from './scan.service.ts';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

export interface ScanApi {
  /** Whether a member is visible in scans now (for their settings screen, say). */
  isVisible(userId: number): Promise<boolean>;
  /** The member's place in 'Download my data'; a deleted account leaves no place behind. */
  accountData: AccountDataPart;
}

/**
 * Location changes are counted by the app's rate limiter (@fastify/rate-limit: in Redis when REDIS_URL is set, so
 * every process shares one count), asked from the service only when the cell really changes.
 */
function createLocationChangeLimiter(host: ModuleHost): LocationChangeLimiter {
  const check = host.app.createRateLimit({
    max: 1,
    timeWindow: SCAN_LIMITS.locationChangeMinutes * 60 * 1000,
    keyGenerator: (request) => `scan-location:${(request as unknown as { scanUserId: number }).scanUserId}`,
  });
  return {
    async take(userId) {
      // The limiter reads only the key and the route's config from the request it is given.
      const result = await check({ scanUserId: userId, routeOptions: { config: {} } } as unknown as FastifyRequest);
      if (result.isAllowed || !result.isExceeded) return { allowed: true };
      return { allowed: false, retryInSeconds: result.ttlInSeconds };
    },
  };
}

export function createScanModule(host: ModuleHost, deps: { presentCommunities: PresentCommunities }): FeatureModule<ScanApi> {
  const service = new ScanService(
    new ScanRepository(host.ctx.db),
    new ScanCommunitiesRepository(host.ctx.db),
    createLocationChangeLimiter(host),
    deps.presentCommunities,
  );

  // Expired cells are never read; sweeping them keeps the promise that nothing stays after its time.
  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    service.sweepExpired().catch((error: unknown) => host.app.log.warn({ err: error }, 'could not sweep expired locations'));
  host.app.addHook('onReady', async () => {
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  host.app.addHook('preClose', async () => clearInterval(timer));

  return {
    name: 'scan',
    routes: scanRoutes(service),
    api: {
      isVisible: async (userId) => (await service.locationState(userId)) !== null,
      accountData: { name: 'scan_location', exportFor: (id) => service.exportFor(id), eraseFor: (id) => service.clearLocation(id) },
    },
  };
}
