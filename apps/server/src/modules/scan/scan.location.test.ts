import { eq } from 'drizzle-orm';
import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { memberLocations } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { PLACES, peopleIds, scan, turnLocationOn } from './scan.test-support.ts';

const t = useTestApp();
const DAY_MS = 24 * 60 * 60 * 1000;

describe('location on and off', () => {
  it('is off until the member turns it on', async () => {
    const member = await t.member();
    const res = await t.as(member).get('/api/scan/location');
    expect(res.json()).toEqual({ visible: false, visible_until: null });
  });

  it('keeps only the coarse cell the position fell in, visible for 7 days', async () => {
    const member = await t.member();
    const before = Date.now();
    const state = await turnLocationOn(t, member, PLACES.berlin);
    expect(state.visible).toBe(true);
    const until = new Date(state.visible_until!).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS + 1000);

    const rows = await t.db.select().from(memberLocations).where(eq(memberLocations.userId, member.id));
    expect(rows).toHaveLength(1);
    // Nothing but the resolution-5 cell: no coordinates, no finer cell.
    expect(Object.keys(rows[0]!).sort()).toEqual(['cell', 'updatedAt', 'userId', 'visibleUntil']);
    expect(rows[0]!.cell).toBe(latLngToCell(PLACES.berlin.lat, PLACES.berlin.lng, 5));

    expect((await t.as(member).get('/api/scan/location')).json()).toEqual(state);
  });

  it('renewing moves the end of visibility forward', async () => {
    const member = await t.member();
    await turnLocationOn(t, member, PLACES.berlin);
    await t.db
      .update(memberLocations)
      .set({ visibleUntil: new Date(Date.now() + DAY_MS) })
      .where(eq(memberLocations.userId, member.id));
    const renewed = await turnLocationOn(t, member, PLACES.berlin);
    expect(new Date(renewed.visible_until!).getTime()).toBeGreaterThan(Date.now() + 6 * DAY_MS);
  });

  it('turning it off removes the stored cell at once, and others stop finding the member', async () => {
    const [leaver, scanner] = await t.members(2);
    await turnLocationOn(t, leaver, PLACES.berlin);
    await turnLocationOn(t, scanner, PLACES.potsdam);
    expect(peopleIds(await scan(t, scanner))).toContain(leaver.id);

    const off = await t.as(leaver).delete('/api/scan/location');
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ visible: false, visible_until: null });
    expect(await t.db.select().from(memberLocations).where(eq(memberLocations.userId, leaver.id))).toEqual([]);
    expect(peopleIds(await scan(t, scanner))).not.toContain(leaver.id);
    expect((await t.as(leaver).get('/api/scan/location')).json()).toEqual({ visible: false, visible_until: null });
  });

  it('refuses positions that are not positions, with the field named', async () => {
    const member = await t.member();
    for (const body of [{ lat: 91, lng: 0 }, { lat: 10 }, { lat: '52.5', lng: 13.4 }, { lat: 1, lng: 2, accuracy: 5 }, {}]) {
      const res = await t.as(member).put('/api/scan/location', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await t.db.select().from(memberLocations).where(eq(memberLocations.userId, member.id))).toEqual([]);
  });

  it('asks for a set-up profile before others can see the member, and a session for everything', async () => {
    const fresh = await t.member({ profile: false });
    expect((await t.as(fresh).put('/api/scan/location', PLACES.berlin)).statusCode).toBe(403);
    expect((await t.as(null).get('/api/scan/location')).statusCode).toBe(401);
    expect((await t.as(null).post('/api/scan', { radius: '50km' })).statusCode).toBe(401);
  });
});
