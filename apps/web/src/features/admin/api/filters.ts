import { useQuery } from '@tanstack/react-query';
import type { AdminFilters } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { useAdminSave } from './admin-mutation';
import { adminKeys } from './keys';

/** GET /api/admin/filters: the words and link domains the instance refuses. */
export const useAdminFilters = () =>
  useQuery({ queryKey: adminKeys.filters, queryFn: ({ signal }) => api<AdminFilters>('/admin/filters', { signal }) });

/** PUT /api/admin/filters replaces the whole list; the audit log gains a line. */
export const useSaveFilters = () =>
  useAdminSave(adminKeys.filters, (body: AdminFilters) => api<AdminFilters>('/admin/filters', { method: 'PUT', body }));
