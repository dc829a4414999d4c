import type * as H3 from 'h3-js';

/**
 * The grid every place is kept on, a member's position (scan) and a community's place alike: H3 resolution 5, cells
 * of about 250 km², 15–20 km across. Only the cell is stored, never the point.
 */
export const PLACE_CELL_RESOLUTION = 5;

/**
 * h3-js sets aside a 32 MB heap of its own when it loads: it comes with the first position a member gives or asks
 * about, not with the server.
 */
let h3Module: Promise<typeof H3> | undefined;
export const loadH3 = () => (h3Module ??= import('h3-js'));

/**
 * The one way a position becomes a cell, for every feature: a community's place and a member's position made at the
 * same spot are the same cell. (The web app sends a community's place to two decimals, at most some 600 m off: that
 * is this cell or one next to it, which the scan's nearest band covers alike.)
 */
export async function snapToCell(lat: number, lng: number): Promise<string> {
  return (await loadH3()).latLngToCell(lat, lng, PLACE_CELL_RESOLUTION);
}
