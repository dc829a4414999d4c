import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InterestCategory } from '@tribeverse/shared';
import { api } from '../api-client';

/**
 * The interest catalogue, by category. Onboarding, scan and communities all read it: one query key means it is
 * fetched once per session, whichever screen asks first.
 */
export const interestCatalogueQuery = () =>
  queryOptions({ queryKey: ['interests'], queryFn: () => api<InterestCategory[]>('/interests'), staleTime: 10 * 60_000, retry: false });

export const useInterestCatalogue = () => useQuery(interestCatalogueQuery());

/** Every sub-interest name once, sorted: the tags a community can carry. */
export const useInterestNames = () => {
  const q = useInterestCatalogue();
  const names = [...new Set((q.data ?? []).flatMap((c) => c.sub_interests.map((s) => s.name)))].sort((a, b) => a.localeCompare(b));
  return { ...q, names };
};
