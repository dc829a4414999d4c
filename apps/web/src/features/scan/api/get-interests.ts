import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InterestCategory } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { scanKeys } from './keys';

export const scanInterestsQuery = () =>
  queryOptions({ queryKey: scanKeys.interests, queryFn: () => api<InterestCategory[]>('/interests'), staleTime: 10 * 60_000 });

/** The interest catalogue, by category, for the scan's interest panel. */
export const useScanInterests = () => useQuery(scanInterestsQuery());
