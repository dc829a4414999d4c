import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { interestCategories, interestTags, userInterests } from '../../db/schema/index.ts';

/** A member's chosen interests, by category, in catalogue order. */
export interface InterestSelection {
  name: string;
  sub_interests: string[];
}

export class InterestsRepository {
  constructor(private readonly db: Db) {}

  async listCatalogue() {
    const rows = await this.db
      .select({
        categoryId: interestCategories.id,
        category: interestCategories.name,
        tagId: interestTags.id,
        tag: interestTags.name,
      })
      .from(interestCategories)
      .innerJoin(interestTags, eq(interestTags.categoryId, interestCategories.id))
      .orderBy(asc(interestCategories.position), asc(interestTags.position));
    return rows;
  }

  async findUserSelection(userId: number): Promise<InterestSelection[]> {
    const rows = await this.db
      .select({ category: interestCategories.name, tag: interestTags.name })
      .from(userInterests)
      .innerJoin(interestTags, eq(interestTags.id, userInterests.tagId))
      .innerJoin(interestCategories, eq(interestCategories.id, interestTags.categoryId))
      .where(eq(userInterests.userId, userId))
      .orderBy(asc(interestCategories.position), asc(interestTags.position));
    const byCategory = new Map<string, string[]>();
    for (const r of rows) byCategory.set(r.category, [...(byCategory.get(r.category) ?? []), r.tag]);
    return [...byCategory].map(([name, sub_interests]) => ({ name, sub_interests }));
  }

  /** Replaces the member's whole selection in one transaction. */
  async replaceUserSelection(userId: number, tagIds: number[]) {
    await this.db.transaction(async (tx) => {
      await tx.delete(userInterests).where(eq(userInterests.userId, userId));
      if (tagIds.length) await tx.insert(userInterests).values(tagIds.map((tagId) => ({ userId, tagId })));
    });
  }
}
