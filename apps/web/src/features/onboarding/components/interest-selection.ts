import { LIMITS, tooManyCategoriesMsg, tooManySubMsg } from '@tribeverse/shared';

export interface Selection {
  name: string;
  sub_interests: string[];
}

export type ToggleResult = { selection: Selection[]; error: null } | { selection: Selection[]; error: string };

/**
 * Picks or un-picks one sub-interest. At most 5 categories and 3 sub-interests per category; un-picking a
 * category's last sub-interest removes the category.
 */
export function toggleInterest(selection: Selection[], category: string, sub: string): ToggleResult {
  const current = selection.find((s) => s.name === category);
  if (current?.sub_interests.includes(sub)) {
    const rest = current.sub_interests.filter((s) => s !== sub);
    const next = rest.length
      ? selection.map((s) => (s.name === category ? { ...s, sub_interests: rest } : s))
      : selection.filter((s) => s.name !== category);
    return { selection: next, error: null };
  }
  if (!current) {
    if (selection.length >= LIMITS.interestsMaxCategories) return { selection, error: tooManyCategoriesMsg };
    return { selection: [...selection, { name: category, sub_interests: [sub] }], error: null };
  }
  if (current.sub_interests.length >= LIMITS.interestsMaxPerCategory) return { selection, error: tooManySubMsg(category) };
  return { selection: selection.map((s) => (s.name === category ? { ...s, sub_interests: [...s.sub_interests, sub] } : s)), error: null };
}

export const isPicked = (selection: Selection[], category: string, sub: string) =>
  !!selection.find((s) => s.name === category)?.sub_interests.includes(sub);
