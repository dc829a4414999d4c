import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminFilters } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/filters: the words and link domains the instance refuses. */
export const useAdminFilters = () =>
  useQuery({ queryKey: adminKeys.filters, queryFn: ({ signal }) => api<AdminFilters>('/admin/filters', { signal }) });

/** PUT /api/admin/filters replaces the whole list; the audit log gains a line. */
export function useSaveFilters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminFilters) => api<AdminFilters>('/admin/filters', { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.filters, saved);
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}
