import { cellToLatLng, gridDisk, latLngToCell } from 'h3-js';
import { DISTANCE_BANDS } from '@tribeverse/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { PLACES, scan, turnLocationOn, type Place } from './scan.test-support.ts';

// Its own app: each scan below sees only the members and communities of its own test.
const t = useTestApp();

/** The grid the tests reason about: resolution 5, what a place is kept as. */
const cellOf = (p: Place) => latLngToCell(p.lat, p.lng, 5);
const centreOf = (cell: string): Place => {
  const [lat, lng] = cellToLatLng(cell);
  return { lat, lng };
};
/** What the web app's place field sends for a community made 'here': the position to two decimals. */
const twoDecimals = (p: Place): Place => ({ lat: Math.round(p.lat * 100) / 100, lng: Math.round(p.lng * 100) / 100 });

/** A position near Berlin whose two-decimal rounding lies across a cell edge from it. */
function positionRoundedIntoAnotherCell(): Place {
  for (let i = 0; i < 20_000; i++) {
    const p = { lat: 52.4 + i * 0.000731, lng: 13.3 + i * 0.000377 };
    if (cellOf(p) !== cellOf(twoDecimals(p))) return p;
  }
  throw new Error('no such position near Berlin');
}

describe('distance bands', () => {
  it('show a community made at a member’s own position in the nearest band, as the web app sends both', async () => {
    const [member, owner] = await t.members(2);
    const here = positionRoundedIntoAnotherCell();
    await turnLocationOn(t, member, here);
    const created = await t.as(owner).post('/api/communities', {
      name: 'Right here',
      description: 'Made where the member stands',
      place: { name: 'Here', ...twoDecimals(here) },
    });
    expect(created.statusCode, created.body).toBe(201);

    const answer = await scan(t, member, { radius: '50km' });
    expect(answer.communities.find((c) => c.id === created.json().id)?.distance_band).toBe(DISTANCE_BANDS[0]);
  });

  it('cannot tell the member’s own cell from a neighbouring one: every probe there gets the same, nearest band', async () => {
    const target = await t.member();
    const home = cellOf(PLACES.berlin);
    await turnLocationOn(t, target, centreOf(home));
    const nearby = gridDisk(home, 1);
    expect(nearby).toHaveLength(7);
    // One probe per cell: a member may move only once every ten minutes.
    const bands = new Set<string | undefined>();
    for (const cell of nearby) {
      const probe = await t.member();
      await turnLocationOn(t, probe, centreOf(cell));
      bands.add((await scan(t, probe, { radius: '50km' })).people.find((p) => p.id === target.id)?.distance_band);
    }
    expect([...bands]).toEqual([DISTANCE_BANDS[0]]);

    // Two cells away is further: the nearest band is the cell and its ring, no more.
    const twoAway = gridDisk(home, 2).find((cell) => !nearby.includes(cell))!;
    const farProbe = await t.member();
    await turnLocationOn(t, farProbe, centreOf(twoAway));
    const seen = (await scan(t, farProbe, { radius: '50km' })).people.find((p) => p.id === target.id);
    expect(seen?.distance_band).toBeDefined();
    expect(seen?.distance_band).not.toBe(DISTANCE_BANDS[0]);
  });
});
