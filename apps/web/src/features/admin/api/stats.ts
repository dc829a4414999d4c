import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/stats?days=: one row a day, oldest first; the last period stays on screen while the next loads. */
export const useAdminStats = (days: number) =>
  useQuery({
    queryKey: adminKeys.stats(days),
    queryFn: ({ signal }) => api<AdminStats>('/admin/stats', { query: { days }, signal }),
    placeholderData: keepPreviousData,
  });
