import { and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { communities } from '../../db/schema/index.ts';

export type CommunityPlaceRow = typeof communities.$inferSelect;

/**
 * The communities side of a scan: communities whose place cell is in range (the communities feature presents them).
 * Their place is public and city-level, chosen by the creator, so anyone signed in may find them.
 */
export class ScanCommunitiesRepository {
  constructor(private readonly db: Db) {}

  /** With `onlySharing`, only those listing one of `interests` (compared without case). */
  async findInCells(cells: string[], interests: string[], onlySharing: boolean): Promise<CommunityPlaceRow[]> {
    if (!cells.length) return [];
    const lowered = interests.map((name) => name.toLowerCase());
    return this.db
      .select()
      .from(communities)
      .where(
        and(
          sql`${communities.placeCell} = any(${sql.param(cells)}::text[])`,
          ...(onlySharing
            ? [
                sql`exists (select 1 from unnest(${communities.interests}) as i(name) where lower(i.name) = any(${sql.param(lowered)}::text[]))`,
              ]
            : []),
        ),
      );
  }
}
