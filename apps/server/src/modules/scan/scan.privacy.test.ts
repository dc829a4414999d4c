import { eq } from 'drizzle-orm';
import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { memberLocations, userSettings } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { PLACES, peopleIds, scan, turnLocationOn, type Place } from './scan.test-support.ts';

const t = useTestApp();

/** Points a few hundred metres apart that stay inside the cell of `start`. */
function stepsInsideCell(start: Place, count: number): Place[] {
  const cell = latLngToCell(start.lat, start.lng, 5);
  const steps: Place[] = [];
  for (let i = 1; steps.length < count && i < 200; i++) {
    const step = { lat: start.lat + (i % 7) * 0.003 - 0.009, lng: start.lng + Math.floor(i / 7) * 0.004 - 0.02 };
    if (latLngToCell(step.lat, step.lng, 5) === cell) steps.push(step);
  }
  expect(steps).toHaveLength(count);
  return steps;
}

describe('what a scan can tell', () => {
  it('never carries coordinates, cell ids or exact distances', async () => {
    const [scanner, near, further] = await t.members(3);
    await turnLocationOn(t, near, PLACES.berlin);
    await turnLocationOn(t, further, PLACES.frankfurtOder);
    await turnLocationOn(t, scanner, PLACES.potsdam);
    const res = await t.as(scanner).post('/api/scan', { radius: '120km' });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(peopleIds(answer)).toEqual(expect.arrayContaining([near.id, further.id]));
    for (const person of answer.people) {
      expect(Object.keys(person).sort()).toEqual(['avatar', 'distance_band', 'id', 'name', 'shared_interests', 'username']);
    }
    expect(answer.people.find((p: { id: number }) => p.id === near.id).distance_band).toBe('< 25 km');
    expect(answer.people.find((p: { id: number }) => p.id === further.id).distance_band).toBe('80–120 km');
    const body = res.body;
    for (const place of [PLACES.berlin, PLACES.potsdam, PLACES.frankfurtOder]) {
      expect(body).not.toContain(String(place.lat));
      expect(body).not.toContain(String(place.lng));
    }
    // No H3 cell at any resolution (15 hex digits), no decimal number anywhere.
    expect(body).not.toMatch(/[0-9a-f]{15}/);
    expect(body).not.toMatch(/\d+\.\d+/);
    expect(body).not.toMatch(/lat|lng|latitude|longitude|cell|distance_km|"distance"/);
  });

  it('gives the same answer however the scanner moves inside one cell (no trilateration by repeated scans)', async () => {
    const [scanner, a, b, c] = await t.members(4);
    await turnLocationOn(t, a, PLACES.berlin);
    await turnLocationOn(t, b, PLACES.potsdam);
    await turnLocationOn(t, c, PLACES.frankfurtOder);
    const steps = stepsInsideCell(PLACES.berlin, 4);
    const answers = [];
    for (const step of steps) {
      // A renewal inside the same cell: not a location change, so the change limit does not stop it.
      await turnLocationOn(t, scanner, step);
      answers.push(await scan(t, scanner, { radius: '120km' }));
    }
    expect(peopleIds(answers[0]!)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
  });

  it('gives the same answer however a person moves inside their cell', async () => {
    const [scanner, mover] = await t.members(2);
    await turnLocationOn(t, scanner, PLACES.potsdam);
    const answers: Array<unknown> = [];
    for (const step of stepsInsideCell(PLACES.berlin, 3)) {
      await turnLocationOn(t, mover, step);
      answers.push((await scan(t, scanner, { radius: '50km' })).people.find((p) => p.id === mover.id));
    }
    expect(answers[0]).toBeDefined();
    expect(answers.every((answer) => JSON.stringify(answer) === JSON.stringify(answers[0]))).toBe(true);
  });
});

describe('who never appears', () => {
  it('members whose visibility ran out', async () => {
    const [scanner, expired] = await t.members(2);
    await turnLocationOn(t, scanner, PLACES.berlin);
    await turnLocationOn(t, expired, PLACES.berlin);
    expect(peopleIds(await scan(t, scanner))).toContain(expired.id);

    await t.db
      .update(memberLocations)
      .set({ visibleUntil: new Date(Date.now() - 1000) })
      .where(eq(memberLocations.userId, expired.id));
    expect(peopleIds(await scan(t, scanner))).not.toContain(expired.id);
    expect((await t.as(expired).get('/api/scan/location')).json()).toEqual({ visible: false, visible_until: null });
    // Nor may the expired member look for people.
    const own = await scan(t, expired, { radius: '50km', near: PLACES.berlin });
    expect(own.people).toEqual([]);
    expect(own.people_need_location).toBe(true);
  });

  it('members who hide their location in settings', async () => {
    const [scanner, hidden, followersOnly, open] = await t.members(4);
    for (const member of [scanner, hidden, followersOnly, open]) await turnLocationOn(t, member, PLACES.berlin);
    await t.db.insert(userSettings).values([
      { userId: hidden.id, locationVisibility: 'nobody' },
      { userId: followersOnly.id, locationVisibility: 'followers' },
    ]);
    const ids = peopleIds(await scan(t, scanner));
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(followersOnly.id);

    // A follower finds the 'followers' member; following the 'nobody' member changes nothing; following back is not enough.
    await t.as(scanner).post(`/api/users/${followersOnly.id}/follow`);
    await t.as(scanner).post(`/api/users/${hidden.id}/follow`);
    await t.as(followersOnly).post(`/api/users/${open.id}/follow`);
    expect(peopleIds(await scan(t, scanner))).toEqual(expect.arrayContaining([open.id, followersOnly.id]));
    expect(peopleIds(await scan(t, scanner))).not.toContain(hidden.id);
    expect(peopleIds(await scan(t, open))).not.toContain(followersOnly.id);
  });

  it('blocked members, in both directions', async () => {
    const [blocker, blocked, bystander] = await t.members(3);
    for (const member of [blocker, blocked, bystander]) await turnLocationOn(t, member, PLACES.berlin);
    expect((await t.as(blocker).post(`/api/chat/blocks/${blocked.id}`)).statusCode).toBe(200);
    const seenByBlocker = peopleIds(await scan(t, blocker));
    expect(seenByBlocker).toContain(bystander.id);
    expect(seenByBlocker).not.toContain(blocked.id);
    expect(peopleIds(await scan(t, blocked))).not.toContain(blocker.id);
    expect(peopleIds(await scan(t, bystander))).toEqual(expect.arrayContaining([blocker.id, blocked.id]));
  });

  it('the scanner themselves, and people outside the radius', async () => {
    const [scanner, far] = await t.members(2);
    await turnLocationOn(t, scanner, PLACES.berlin);
    await turnLocationOn(t, far, PLACES.hamburg);
    const near = peopleIds(await scan(t, scanner, { radius: '120km' }));
    expect(near).not.toContain(scanner.id);
    expect(near).not.toContain(far.id);
    const wider = await scan(t, scanner, { radius: 'wider' });
    expect(wider.people.find((p) => p.id === far.id)?.distance_band).toBe('further');
  });
});

describe('reciprocity', () => {
  it('a member who is not visible finds no people, and is told why', async () => {
    const [lurker, visible] = await t.members(2);
    await turnLocationOn(t, visible, PLACES.berlin);
    const answer = await scan(t, lurker, { radius: '50km', near: PLACES.berlin });
    expect(answer.people).toEqual([]);
    expect(answer.people_need_location).toBe(true);
    // The point it scanned near is not stored.
    expect(await t.db.select().from(memberLocations).where(eq(memberLocations.userId, lurker.id))).toEqual([]);
  });

  it('a scan with no location at all asks for one', async () => {
    const member = await t.member();
    const res = await t.as(member).post('/api/scan', { radius: '50km' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'LOCATION_REQUIRED' });
  });
});
