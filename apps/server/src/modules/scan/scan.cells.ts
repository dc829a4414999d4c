import type * as H3 from 'h3-js';
import { DISTANCE_BAND_LIMITS_KM, DISTANCE_BANDS, type DistanceBand } from '@tribeverse/shared';

/**
 * The grid every position is snapped to before anything else happens with it: H3 resolution 5 (cells of about
 * 250 km², 15–20 km across; the same resolution communities keep their place in). Distances are only ever worked
 * out between cell centres, so two positions in one cell give the same answers to everything.
 */
export const SCAN_CELL_RESOLUTION = 5;

/**
 * h3-js sets aside a 32 MB heap of its own when it loads: it comes with the first position a member gives or asks
 * about, not with the server.
 */
let h3Module: Promise<typeof H3> | undefined;
export const loadH3 = () => (h3Module ??= import('h3-js'));

export async function toCell(lat: number, lng: number): Promise<string> {
  return (await loadH3()).latLngToCell(lat, lng, SCAN_CELL_RESOLUTION);
}

function cellDistanceKm(h3: typeof H3, a: string, b: string): number {
  if (a === b) return 0;
  return h3.greatCircleDistance(h3.cellToLatLng(a), h3.cellToLatLng(b), 'km');
}

export function bandOf(km: number): DistanceBand {
  const index = DISTANCE_BAND_LIMITS_KM.findIndex((limit) => km < limit);
  return DISTANCE_BANDS[index === -1 ? DISTANCE_BANDS.length - 1 : index]!;
}

/**
 * The cells whose centres lie within `radiusKm` of the origin cell's centre, each with the index of its distance
 * band: the scan looks these up with `cell = ANY(...)` and ranks rows by the band of their cell.
 */
export async function cellsInRange(origin: string, radiusKm: number): Promise<Map<string, number>> {
  const key = `${origin}:${radiusKm}`;
  const cached = rangeCache.get(key);
  if (cached) return cached;
  const range = computeRange(await loadH3(), origin, radiusKm);
  // Members scan from a few thousand cells at most: a small cache saves the disk and distance work per scan.
  if (rangeCache.size >= RANGE_CACHE_SIZE) rangeCache.delete(rangeCache.keys().next().value!);
  rangeCache.set(key, range);
  return range;
}

const RANGE_CACHE_SIZE = 2_000;
const rangeCache = new Map<string, Map<string, number>>();

function computeRange(h3: typeof H3, origin: string, radiusKm: number): Map<string, number> {
  // Centre-to-centre distance of neighbouring cells is about √3 edges; a bit less keeps the disk generous.
  const cellStepKm = h3.getHexagonEdgeLengthAvg(SCAN_CELL_RESOLUTION, 'km') * 1.5;
  const rings = Math.ceil(radiusKm / cellStepKm) + 1;
  const range = new Map<string, number>();
  for (const cell of h3.gridDisk(origin, rings)) {
    const km = cellDistanceKm(h3, origin, cell);
    if (km <= radiusKm) range.set(cell, DISTANCE_BANDS.indexOf(bandOf(km)));
  }
  return range;
}
