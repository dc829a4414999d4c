import { ErrorCode, LIMITS, tooManySubMsg, type SaveInterestsBody } from '@tribeverse/shared';
import { badRequest } from '../../lib/errors.ts';
import type { InterestSelection, InterestsRepository } from './interests.repository.ts';

// Other modules take the type from here: the service is the module's port, the repository its own business.
export type { InterestSelection };

const key = (s: string) => s.trim().toLowerCase();

export class InterestsService {
  constructor(private readonly interests: InterestsRepository) {}

  listCatalogue() {
    return this.interests.listCatalogue();
  }

  findUserSelection(userId: number): Promise<InterestSelection[]> {
    return this.interests.findUserSelection(userId);
  }

  /** Replaces the member's selection; every category and tag must come from the catalogue. */
  async saveSelection(userId: number, selection: SaveInterestsBody['interests']) {
    const catalogue = await this.interests.listCatalogue();
    // By category, not by entry: a category sent twice must not carry twice the sub-interests.
    const chosen = new Map<number, { name: string; tagIds: Set<number> }>();
    for (const item of selection) {
      const inCategory = catalogue.filter((row) => key(row.category) === key(item.name));
      if (!inCategory.length) throw badRequest(`Unknown interest category: ${item.name}`, ErrorCode.UNKNOWN_INTEREST, 'interests');
      const category = chosen.get(inCategory[0]!.categoryId) ?? { name: inCategory[0]!.category, tagIds: new Set<number>() };
      chosen.set(inCategory[0]!.categoryId, category);
      for (const tag of item.sub_interests) {
        const row = inCategory.find((r) => key(r.tag) === key(tag));
        if (!row) throw badRequest(`Unknown interest in ${item.name}: ${tag}`, ErrorCode.UNKNOWN_INTEREST, 'interests');
        category.tagIds.add(row.tagId);
      }
    }
    for (const { name, tagIds } of chosen.values()) {
      if (tagIds.size > LIMITS.interestsMaxPerCategory)
        throw badRequest(tooManySubMsg(name), ErrorCode.INTERESTS_TOO_MANY_SUB, 'interests');
    }
    await this.interests.replaceUserSelection(
      userId,
      [...chosen.values()].flatMap((c) => [...c.tagIds]),
    );
  }
}
