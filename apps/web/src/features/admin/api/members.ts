import { useQuery } from '@tanstack/react-query';
import type { Moderators, RestrictedMembers, SearchResponse, SuspendBody, Suspension } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { useAdminMutation } from './admin-mutation';
import { adminKeys } from './keys';

/** Members found by name, through the app's search (the admin API has no member list of its own). */
export const usePeopleSearch = (q: string) =>
  useQuery({
    queryKey: adminKeys.people(q),
    queryFn: ({ signal }) => api<SearchResponse>('/search', { query: { q, type: 'people' }, signal }),
    enabled: q.trim().length > 0,
    select: (page) => page.results.flatMap((r) => (r.type === 'person' ? [r.item] : [])),
  });

/** GET /api/admin/users/restricted: who is suspended (or silenced) now, the latest first. */
export const useRestricted = (kind: 'suspended' | 'silenced') =>
  useQuery({
    queryKey: adminKeys.restricted(kind),
    queryFn: ({ signal }) => api<RestrictedMembers>('/admin/users/restricted', { query: { kind }, signal }),
  });

export const useModerators = () =>
  useQuery({ queryKey: adminKeys.moderators, queryFn: ({ signal }) => api<Moderators>('/admin/moderators', { signal }) });

/** Suspends or silences a member (POST /api/admin/users/{id}/suspend or /silence), with the reason they read. */
export const useRestrict = () =>
  useAdminMutation(({ userId, kind, ...body }: SuspendBody & { userId: number; kind: 'suspend' | 'silence' }) =>
    api<Suspension>(`/admin/users/${userId}/${kind}`, { method: 'POST', body }),
  );

/** Lifts a suspension or a silence. */
export const useLift = () =>
  useAdminMutation(({ userId, kind }: { userId: number; kind: 'suspend' | 'silence' }) =>
    api<{ message: string }>(`/admin/users/${userId}/${kind}`, { method: 'DELETE' }),
  );

export const useSetModerator = () =>
  useAdminMutation(({ userId, on }: { userId: number; on: boolean }) =>
    api<Moderators>(`/admin/moderators/${userId}`, { method: on ? 'PUT' : 'DELETE' }),
  );
