import { z } from '../zod.ts';
import { communitySchema } from './communities.ts';

/**
 * Scan: nearby communities and people. The server keeps only a coarse grid cell of a member's position; every
 * distance is a band worked out between cell centres, so no answer ever tells more than the cell.
 */

export const SCAN_LIMITS = {
  /** Being visible lasts this long after the last time the location was sent. */
  visibleDays: 7,
  scansPerHour: 30,
  /** One new cell per this many minutes: moving around to trilaterate someone takes hours. */
  locationChangeMinutes: 10,
  /** At most this many communities and people in one answer. */
  maxResults: 50,
  maxInterests: 50,
} as const;

export const SCAN_RADII = ['50km', '80km', '120km', 'wider'] as const;
export type ScanRadius = (typeof SCAN_RADII)[number];
/** Kilometres between cell centres each radius reaches ('wider': a region, roughly a small country). */
export const SCAN_RADIUS_KM: Record<ScanRadius, number> = { '50km': 50, '80km': 80, '120km': 120, wider: 250 };

/**
 * From nearest to furthest; a band's upper bound in km between cell centres (the last has none). The nearest is the
 * member's own cell and the cells around it (centres some 15–20 km apart), never the cell alone: which of those seven
 * cells someone is in is never told.
 */
export const DISTANCE_BANDS = ['< 25 km', '25–50 km', '50–80 km', '80–120 km', 'further'] as const;
export type DistanceBand = (typeof DISTANCE_BANDS)[number];
export const DISTANCE_BAND_LIMITS_KM = [25, 50, 80, 120] as const;

const coordinates = {
  lat: z.number({ error: 'lat must be a number' }).min(-90, 'lat is between -90 and 90').max(90, 'lat is between -90 and 90'),
  lng: z.number({ error: 'lng must be a number' }).min(-180, 'lng is between -180 and 180').max(180, 'lng is between -180 and 180'),
};

/** PUT /api/scan/location: the browser's position, snapped to a cell before anything else is done with it. */
export const scanLocationBodySchema = z.object(coordinates).strict();
export type ScanLocationBody = z.infer<typeof scanLocationBodySchema>;

/** GET, PUT and DELETE /api/scan/location. */
export const scanLocationStateSchema = z.object({
  visible: z.boolean(),
  /** When being visible ends unless the location is sent again; null while not visible. */
  visible_until: z.string().nullable(),
});
export type ScanLocationState = z.infer<typeof scanLocationStateSchema>;

/**
 * POST /api/scan. `interests` (sub-interest names): only results sharing one of them; none picked means everyone
 * in range, ranked by the caller's own interests. `near`: a position for finding communities without turning
 * location on (snapped to a cell, never stored); people are only ever found from the caller's own stored cell.
 */
export const scanBodySchema = z
  .object({
    radius: z.enum(SCAN_RADII, { error: 'Choose 50km, 80km, 120km or a wider scan' }),
    interests: z
      .array(z.string().trim().min(1).max(100))
      .max(SCAN_LIMITS.maxInterests, `Pick at most ${SCAN_LIMITS.maxInterests} interests`)
      .default([]),
    near: z.object(coordinates).strict().optional(),
  })
  .strict();
export type ScanBody = z.input<typeof scanBodySchema>;

export const distanceBandSchema = z.enum(DISTANCE_BANDS);

export const scanPersonSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  shared_interests: z.array(z.string()),
  distance_band: distanceBandSchema,
});
export type ScanPerson = z.infer<typeof scanPersonSchema>;

/** A community in range: the community as everywhere else, with its band and the interests it shares. */
export const scanCommunitySchema = communitySchema.extend({
  distance_band: distanceBandSchema,
  shared_interests: z.array(z.string()),
});
export type ScanCommunity = z.infer<typeof scanCommunitySchema>;

export const scanResultSchema = z.object({
  communities: z.array(scanCommunitySchema),
  /** Empty unless the caller is visible themselves (`people_need_location` then says why). */
  people: z.array(scanPersonSchema),
  people_need_location: z.boolean(),
  radius: z.enum(SCAN_RADII),
});
export type ScanResult = z.infer<typeof scanResultSchema>;
