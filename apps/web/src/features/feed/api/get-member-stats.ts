import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberPostStats } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { feedKeys } from './keys';

export const memberStatsQuery = (userId: number | 'me') =>
  queryOptions({
    queryKey: feedKeys.stats(userId),
    queryFn: () => api<MemberPostStats>(`/posts/user/${userId}/stats`),
    // Read afresh whenever the profile opens: likes arrive while the member is elsewhere.
    staleTime: 0,
  });

/** A member's post and received-like counts; live events mark them stale (see useFeedEvents). */
export const useMemberStats = (userId: number | 'me') => useQuery(memberStatsQuery(userId));
