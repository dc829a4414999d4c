import type * as H3 from 'h3-js';
import { DISTANCE_BAND_LIMITS_KM, DISTANCE_BANDS, type DistanceBand } from '@tribeverse/shared';
import { loadH3, PLACE_CELL_RESOLUTION, snapToCell } from '../../lib/place-cells.ts';

/**
 * Every position is snapped to its cell before anything else happens with it, by the same function as a community's
 * place (lib/place-cells.ts). Distances are only ever worked out between cells, so two positions in one cell give
 * the same answers to everything.
 */
export const toCell = snapToCell;

function cellDistanceKm(h3: typeof H3, a: string, b: string): number {
  if (a === b) return 0;
  return h3.greatCircleDistance(h3.cellToLatLng(a), h3.cellToLatLng(b), 'km');
}

export function bandOf(km: number): DistanceBand {
  const index = DISTANCE_BAND_LIMITS_KM.findIndex((limit) => km < limit);
  return DISTANCE_BANDS[index === -1 ? DISTANCE_BANDS.length - 1 : index]!;
}

/**
 * The band of a cell `ring` steps from the origin whose centre is `km` away. The nearest band is the origin's cell
 * and the six around it, whatever their distance: were it the cell alone, a probe walked across a cell's edge would
 * find the very cell a member is in. Beyond the ring, the distance between centres decides, never the nearest band.
 */
export function bandIndexOf(ring: number, km: number): number {
  if (ring <= 1) return 0;
  return Math.max(1, DISTANCE_BANDS.indexOf(bandOf(km)));
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
  const cellStepKm = h3.getHexagonEdgeLengthAvg(PLACE_CELL_RESOLUTION, 'km') * 1.5;
  const rings = Math.ceil(radiusKm / cellStepKm) + 1;
  const range = new Map<string, number>();
  // Ring by ring (the first is the origin itself), so each cell's grid distance comes with it.
  h3.gridDiskDistances(origin, rings).forEach((cells, ring) => {
    for (const cell of cells) {
      const km = cellDistanceKm(h3, origin, cell);
      if (km <= radiusKm) range.set(cell, bandIndexOf(ring, km));
    }
  });
  return range;
}
