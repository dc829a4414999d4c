import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InstanceInvite, InstanceSettings, PendingRegistrations, UpdateInstanceSettingsBody } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const useInstanceSettings = () =>
  useQuery({ queryKey: adminKeys.settings, queryFn: ({ signal }) => api<InstanceSettings>('/admin/settings', { signal }) });

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateInstanceSettingsBody) => api<InstanceSettings>('/admin/settings', { method: 'PATCH', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });
}

/** Sign-ups waiting for an admin while registration is 'approval', oldest first. */
export const usePendingRegistrations = () =>
  useQuery({ queryKey: adminKeys.registrations, queryFn: ({ signal }) => api<PendingRegistrations>('/admin/registrations', { signal }) });

export function useApproveRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api<unknown>(`/admin/registrations/${userId}/approve`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** A one-use invite link, valid for a week, for registration 'invite'. */
export const useCreateInvite = () => useMutation({ mutationFn: () => api<InstanceInvite>('/admin/invites', { method: 'POST' }) });
