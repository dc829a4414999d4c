import type { InterestCategory } from '@tribeverse/shared';

interface CatalogueRow {
  categoryId: number;
  category: string;
  tag: string;
}

/** Rows of category × tag, already in catalogue order, to the spec's `[{id, name, sub_interests: [{name}]}]`. */
export function presentCatalogue(rows: CatalogueRow[]): InterestCategory[] {
  const byId = new Map<number, InterestCategory>();
  for (const row of rows) {
    let category = byId.get(row.categoryId);
    if (!category) {
      category = { id: row.categoryId, name: row.category, sub_interests: [] };
      byId.set(row.categoryId, category);
    }
    category.sub_interests.push({ name: row.tag });
  }
  return [...byId.values()];
}
