import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { pickInterests, PLACES, scan, turnLocationOn } from './scan.test-support.ts';

// Its own app: the ranking is checked over the whole answer, with nobody else in range.
const t = useTestApp();

describe('ranking and interests', () => {
  it('puts shared interests first, then the nearer band, and names what is shared', async () => {
    const [scanner, nearNothing, nearOne, farTwo, farOne] = await t.members(5);
    await pickInterests(t, scanner, { 'Tech and innovation': ['software development', 'AI and machine learning'] });
    await pickInterests(t, nearNothing, { 'Creative art/entertainment': ['photography'] });
    await pickInterests(t, nearOne, { 'Tech and innovation': ['software development'] });
    await pickInterests(t, farTwo, { 'Tech and innovation': ['software development', 'AI and machine learning'] });
    await pickInterests(t, farOne, { 'Tech and innovation': ['AI and machine learning', 'cybersecurity'] });
    await turnLocationOn(t, scanner, PLACES.berlin);
    await turnLocationOn(t, nearNothing, PLACES.berlin);
    await turnLocationOn(t, nearOne, PLACES.berlin);
    await turnLocationOn(t, farTwo, PLACES.frankfurtOder);
    await turnLocationOn(t, farOne, PLACES.frankfurtOder);

    const answer = await scan(t, scanner, { radius: '120km' });
    expect(answer.people.map((p) => [p.id, p.shared_interests, p.distance_band])).toEqual([
      [farTwo.id, ['AI and machine learning', 'software development'], '80–120 km'],
      [nearOne.id, ['software development'], '< 25 km'],
      [farOne.id, ['AI and machine learning'], '80–120 km'],
      [nearNothing.id, [], '< 25 km'],
    ]);

    // Chosen interests filter: only people sharing one of them, and the shared list is about those.
    const photo = await scan(t, scanner, { radius: '120km', interests: ['photography'] });
    expect(photo.people.map((p) => [p.id, p.shared_interests])).toEqual([[nearNothing.id, ['photography']]]);

    // The radius is honoured: the 50 km scan stops before the 87 km cell.
    const close = await scan(t, scanner, { radius: '50km' });
    expect(close.people.map((p) => p.id)).toEqual([nearOne.id, nearNothing.id]);
  });

  it('refuses an unknown interest or radius with a 400 naming it', async () => {
    const member = await t.member();
    await turnLocationOn(t, member, PLACES.berlin);
    const unknown = await t.as(member).post('/api/scan', { radius: '50km', interests: ['knitting on the moon'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_INTEREST', field: 'interests' });
    const radius = await t.as(member).post('/api/scan', { radius: '5km' });
    expect(radius.statusCode).toBe(400);
    expect(radius.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'radius' });
  });
});
