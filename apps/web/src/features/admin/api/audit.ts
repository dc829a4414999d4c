import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminAuditPage } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/audit: who did what to whom, newest first. */
export const useAdminAudit = () =>
  useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam, signal }) => api<AdminAuditPage>('/admin/audit', { query: { before: pageParam }, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_cursor,
  });
