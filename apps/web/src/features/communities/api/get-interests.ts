import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InterestCategory } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/** The interest catalogue (same cache key as onboarding's, so it is loaded once); community tags come from it. */
export const interestCatalogueQuery = () =>
  queryOptions({ queryKey: ['interests'], queryFn: () => api<InterestCategory[]>('/interests'), staleTime: 10 * 60_000, retry: false });

export const useInterestNames = () => {
  const q = useQuery(interestCatalogueQuery());
  const names = [...new Set((q.data ?? []).flatMap((c) => c.sub_interests.map((s) => s.name)))].sort((a, b) => a.localeCompare(b));
  return { ...q, names };
};
