import { expect } from 'vitest';
import type { Member, useTestApp } from '../../../test/support/harness.ts';

type T = ReturnType<typeof useTestApp>;

/** Places used across the scan tests (city centres; distances are between the cells they fall in). */
export const PLACES = {
  berlin: { lat: 52.52, lng: 13.405 },
  /** Its cell is next to Berlin's (centres about 16 km apart): the nearest band, '< 25 km', as Berlin's own. */
  potsdam: { lat: 52.3906, lng: 13.0645 },
  /** About 87 km between cells: '80–120 km'. */
  frankfurtOder: { lat: 52.3471, lng: 14.5506 },
  /** About 247 km between cells: only a wider scan reaches it, as 'further'. */
  hamburg: { lat: 53.5511, lng: 9.9937 },
} as const;

export type Place = { lat: number; lng: number };

export async function turnLocationOn(t: T, member: Member, place: Place) {
  const res = await t.as(member).put('/api/scan/location', place);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { visible: boolean; visible_until: string | null };
}

export async function scan(t: T, member: Member, body: Record<string, unknown> = { radius: '50km' }) {
  const res = await t.as(member).post('/api/scan', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    communities: Array<{ id: number; name: string; distance_band: string; shared_interests: string[] }>;
    people: Array<{ id: number; username: string; name: string; avatar: string | null; shared_interests: string[]; distance_band: string }>;
    people_need_location: boolean;
  };
}

export const peopleIds = (answer: { people: Array<{ id: number }> }) => answer.people.map((p) => p.id);

/** Picks sub-interests (by name) for a member through the interests API. */
export async function pickInterests(t: T, member: Member, picks: Record<string, string[]>) {
  const interests = Object.entries(picks).map(([name, sub_interests]) => ({ name, sub_interests }));
  const res = await t.as(member).patch('/api/interests', { interests });
  expect(res.statusCode, res.body).toBe(200);
}
