import { describe, expect, it } from 'vitest';
import type { Member } from '../../../test/support/harness.ts';
import { withoutTimestamps } from '../../../test/support/body-text.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { PLACES, scan, turnLocationOn, type Place } from './scan.test-support.ts';

const t = useTestApp();

async function createCommunity(owner: Member, name: string, place: Place | null, extra: Record<string, unknown> = {}) {
  const res = await t.as(owner).post('/api/communities', {
    name,
    description: `${name} meets monthly`,
    ...(place && { place: { name: `${name} town`, ...place } }),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

describe('communities in range', () => {
  it('finds communities with a place in range, nearest band first, as the community with its band', async () => {
    const [owner, scanner] = await t.members(2);
    const near = await createCommunity(owner, 'Berlin coders', PLACES.berlin, { interests: ['software development'] });
    const further = await createCommunity(owner, 'Oder hikers', PLACES.frankfurtOder);
    const far = await createCommunity(owner, 'Hamburg sailors', PLACES.hamburg);
    const placeless = await createCommunity(owner, 'Online only', null);
    await turnLocationOn(t, scanner, PLACES.potsdam);

    const res = await t.as(scanner).post('/api/scan', { radius: '120km' });
    const answer = res.json();
    const ids = answer.communities.map((c: { id: number }) => c.id);
    expect(ids).toEqual([near.id, further.id]);
    expect(ids).not.toContain(far.id);
    expect(ids).not.toContain(placeless.id);
    expect(answer.communities[0]).toMatchObject({
      name: 'Berlin coders',
      place: { name: 'Berlin coders town' },
      distance_band: '< 25 km',
      member_count: 1,
      my_status: null,
      visibility: 'public',
    });
    expect(answer.communities[1].distance_band).toBe('80–120 km');
    // The community's place is a name only: no cell, no coordinates.
    expect(res.body).not.toMatch(/[0-9a-f]{15}/);
    expect(withoutTimestamps(res.body)).not.toContain(String(PLACES.berlin.lat));
    expect(withoutTimestamps(res.body)).not.toContain(String(PLACES.berlin.lng));
  });

  it('can be found by anyone signed in, from the position of the moment, without turning location on', async () => {
    const [owner, passer] = await t.members(2);
    const community = await createCommunity(owner, 'Potsdam painters', PLACES.potsdam);
    const answer = await scan(t, passer, { radius: '50km', near: PLACES.berlin });
    expect(answer.communities.map((c) => c.id)).toContain(community.id);
    expect(answer.people).toEqual([]);
  });

  it('filters and ranks by shared interests, by sub-interest or its category, without case', async () => {
    const [owner, scanner] = await t.members(2);
    const tagged = await createCommunity(owner, 'Cyber club', PLACES.berlin, { interests: ['Cybersecurity'] });
    const category = await createCommunity(owner, 'Tech meetup', PLACES.frankfurtOder, { interests: ['Tech and innovation'] });
    const other = await createCommunity(owner, 'Yoga circle', PLACES.berlin, { interests: ['photography'] });
    await turnLocationOn(t, scanner, PLACES.berlin);
    const answer = await scan(t, scanner, { radius: '120km', interests: ['cybersecurity'] });
    const found = answer.communities.map((c) => [c.id, c.shared_interests]);
    expect(found).toEqual([
      [tagged.id, ['Cybersecurity']],
      [category.id, ['Tech and innovation']],
    ]);
    expect(found.map(([id]) => id)).not.toContain(other.id);
  });

  it('joining from a result makes the scanner a member, and the next scan says so', async () => {
    const [owner, scanner] = await t.members(2);
    const open = await createCommunity(owner, 'Open house', PLACES.berlin);
    const closed = await createCommunity(owner, 'Closed house', PLACES.berlin, { visibility: 'private' });
    await turnLocationOn(t, scanner, PLACES.berlin);
    expect((await t.as(scanner).post(`/api/communities/${open.id}/join`)).json()).toMatchObject({ status: 'member' });
    expect((await t.as(scanner).post(`/api/communities/${closed.id}/join`)).json()).toMatchObject({ status: 'requested' });
    const answer = await scan(t, scanner, { radius: '50km' });
    const statusOf = (id: number) => answer.communities.find((c) => c.id === id) as unknown as { my_status: string; member_count: number };
    expect(statusOf(open.id)).toMatchObject({ my_status: 'member', member_count: 2 });
    expect(statusOf(closed.id)).toMatchObject({ my_status: 'requested' });
  });
});
