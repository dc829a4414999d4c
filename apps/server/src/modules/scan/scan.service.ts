import {
  DISTANCE_BANDS,
  ErrorCode,
  SCAN_LIMITS,
  SCAN_RADIUS_KM,
  type ScanBody,
  type Community,
  type ScanPerson,
  type ScanResult,
} from '@tribeverse/shared';

import { AppError, badRequest } from '../../lib/errors.ts';
import { cellsInRange, toCell } from './scan-cells.ts';
import { isLocationChange, isVisible, rankPeople, visibleUntilFrom } from './scan.policy.ts';
import { presentPerson } from './scan.presenter.ts';
import type { ScanRepository } from './scan.repository.ts';
import type { CommunityPlaceRow, ScanCommunitiesRepository } from './scan-communities.repository.ts';

/** Counts one location change for a member; how long to wait when they have used up the window. */
export interface LocationChangeLimiter {
  take(userId: number): Promise<{ allowed: true } | { allowed: false; retryInSeconds: number }>;
}

/** The communities feature's DTOs for these rows, as this viewer sees them (membership, counts). */
export type PresentCommunities = (viewerId: number, rows: CommunityPlaceRow[]) => Promise<Community[]>;

export const LOCATION_REQUIRED_MSG = 'Turn on your location, or allow this scan to use your position, to find what is near you.';

export class ScanService {
  constructor(
    private readonly repository: ScanRepository,
    private readonly places: ScanCommunitiesRepository,
    private readonly limiter: LocationChangeLimiter,
    private readonly presentCommunities: PresentCommunities,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async locationState(userId: number): Promise<Date | null> {
    const location = await this.repository.findLocation(userId);
    return isVisible(location, this.now()) ? location.visibleUntil : null;
  }

  /** Snaps the position to its cell at once: the coordinates go no further than this line. */
  async setLocation(userId: number, lat: number, lng: number): Promise<Date> {
    const cell = await toCell(lat, lng);
    const current = await this.repository.findLocation(userId);
    if (isLocationChange(current, cell)) {
      const taken = await this.limiter.take(userId);
      if (!taken.allowed) {
        const minutes = Math.max(1, Math.ceil(taken.retryInSeconds / 60));
        throw new AppError(
          429,
          ErrorCode.RATE_LIMITED,
          `Your location can change once every ${SCAN_LIMITS.locationChangeMinutes} minutes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
    }
    const visibleUntil = visibleUntilFrom(this.now());
    await this.repository.saveLocation(userId, cell, visibleUntil);
    return visibleUntil;
  }

  async clearLocation(userId: number): Promise<void> {
    await this.repository.deleteLocation(userId);
  }

  /** Your data: the city-level cell kept while the member is visible (never coordinates: none are stored). */
  async exportFor(userId: number) {
    const location = await this.repository.findLocation(userId);
    return isVisible(location, this.now()) ? { cell: location.cell, visible_until: location.visibleUntil.toISOString() } : null;
  }

  sweepExpired() {
    return this.repository.deleteExpired(this.now());
  }

  async scan(userId: number, body: { radius: ScanResult['radius']; interests: string[]; near?: ScanBody['near'] }): Promise<ScanResult> {
    const now = this.now();
    const own = await this.repository.findLocation(userId);
    const visible = isVisible(own, now);
    // People are only ever found from the caller's own stored cell: a `near` point moved about could trilaterate.
    const origin = visible ? own.cell : body.near ? await toCell(body.near.lat, body.near.lng) : null;
    if (!origin) throw badRequest(LOCATION_REQUIRED_MSG, ErrorCode.LOCATION_REQUIRED);

    const range = await cellsInRange(origin, SCAN_RADIUS_KM[body.radius]);
    const cells = [...range.keys()];
    const onlySharing = body.interests.length > 0;
    const { tagIds, names: interestNames } = await this.scanInterests(userId, body.interests);

    const [people, communities] = await Promise.all([
      visible ? this.peopleInRange(userId, cells, range, tagIds, onlySharing, now) : Promise.resolve([]),
      this.communitiesInRange(userId, cells, range, interestNames, onlySharing),
    ]);
    return { communities, people, people_need_location: !visible, radius: body.radius };
  }

  /**
   * The interests a scan is about: those picked, or else the caller's own. Communities may list a sub-interest or
   * a whole category, so both names count for them.
   */
  private async scanInterests(userId: number, picked: string[]): Promise<{ tagIds: number[]; names: string[] }> {
    const rows = await this.repository.findInterests(picked.length ? { names: picked } : { ownerId: userId });
    const unknown = picked.find((name) => !rows.some((row) => row.name === name));
    if (unknown) throw badRequest(`'${unknown}' is not one of the interests.`, ErrorCode.UNKNOWN_INTEREST, 'interests');
    return {
      tagIds: rows.map((row) => row.id),
      names: [...new Set(rows.flatMap((row) => [row.name, row.category]))],
    };
  }

  private async peopleInRange(
    userId: number,
    cells: string[],
    range: Map<string, number>,
    tagIds: number[],
    onlySharing: boolean,
    now: Date,
  ): Promise<ScanPerson[]> {
    const candidates = await this.repository.findPeopleInCells({ viewerId: userId, cells, tagIds, onlySharing, now });
    const ranked = rankPeople(candidates, range, SCAN_LIMITS.maxResults);
    const ids = ranked.map((p) => p.userId);
    const [cards, shared] = await Promise.all([this.repository.findPersonCards(ids), this.repository.findSharedInterestNames(ids, tagIds)]);
    const cardById = new Map(cards.map((c) => [c.id, c]));
    return ranked.flatMap((p) => {
      const card = cardById.get(p.userId);
      return card ? [presentPerson(card, shared.get(p.userId) ?? [], p.band)] : [];
    });
  }

  private async communitiesInRange(
    userId: number,
    cells: string[],
    range: Map<string, number>,
    interests: string[],
    onlySharing: boolean,
  ): Promise<ScanResult['communities']> {
    const wanted = new Set(interests.map((name) => name.toLowerCase()));
    const ranked = (await this.places.findInCells(cells, interests, onlySharing))
      .map((row) => ({ row, band: range.get(row.placeCell ?? ''), shared: row.interests.filter((i) => wanted.has(i.toLowerCase())) }))
      .filter((c): c is typeof c & { band: number } => c.band !== undefined)
      .sort((a, b) => b.shared.length - a.shared.length || a.band - b.band || a.row.id - b.row.id)
      .slice(0, SCAN_LIMITS.maxResults);
    const presented = await this.presentCommunities(
      userId,
      ranked.map((c) => c.row),
    );
    return presented.map((community, i) => ({
      ...community,
      distance_band: DISTANCE_BANDS[ranked[i]!.band]!,
      shared_interests: ranked[i]!.shared,
    }));
  }
}
