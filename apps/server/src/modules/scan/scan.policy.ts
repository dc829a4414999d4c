import { SCAN_LIMITS } from '@tribeverse/shared';
import type { LocationRow, PersonCandidate } from './scan.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Visible: a cell whose time has not run out. Only visible members are found, and only they may look for people. */
export const isVisible = (location: LocationRow | null, now: Date): location is LocationRow =>
  !!location && location.visibleUntil.getTime() > now.getTime();

export const visibleUntilFrom = (now: Date) => new Date(now.getTime() + SCAN_LIMITS.visibleDays * DAY_MS);

/**
 * Sending the same cell again only renews; anything else (first time, another cell, back on after turning it off)
 * is a change and counts against the change limit.
 */
export const isLocationChange = (current: LocationRow | null, cell: string) => !current || current.cell !== cell;

export interface RankedPerson extends PersonCandidate {
  band: number;
}

/**
 * Most shared interests first, then the nearer band; within that by member id, which says nothing about where
 * anyone is. Never by distance inside a band: that order would be a finer measurement than the band.
 */
export function rankPeople(candidates: PersonCandidate[], bandOfCell: Map<string, number>, limit: number): RankedPerson[] {
  return candidates
    .map((c) => ({ ...c, band: bandOfCell.get(c.cell)! }))
    .filter((c) => c.band !== undefined)
    .sort((a, b) => b.shared - a.shared || a.band - b.band || a.userId - b.userId)
    .slice(0, limit);
}
