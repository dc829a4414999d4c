import { useMutation, useQuery } from '@tanstack/react-query';
import type { InstanceInvite, InstanceSettings, PendingRegistrations, UpdateInstanceSettingsBody } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { useAdminMutation, useAdminSave } from './admin-mutation';
import { adminKeys } from './keys';

export const useInstanceSettings = () =>
  useQuery({ queryKey: adminKeys.settings, queryFn: ({ signal }) => api<InstanceSettings>('/admin/settings', { signal }) });

export const useSaveSettings = () =>
  useAdminSave(adminKeys.settings, (body: UpdateInstanceSettingsBody) =>
    api<InstanceSettings>('/admin/settings', { method: 'PATCH', body }),
  );

/** Sign-ups waiting for an admin while registration is 'approval', oldest first. */
export const usePendingRegistrations = () =>
  useQuery({ queryKey: adminKeys.registrations, queryFn: ({ signal }) => api<PendingRegistrations>('/admin/registrations', { signal }) });

export const useApproveRegistration = () =>
  useAdminMutation((userId: number) => api<unknown>(`/admin/registrations/${userId}/approve`, { method: 'POST' }));

/** A one-use invite link, valid for a week, for registration 'invite'. */
export const useCreateInvite = () => useMutation({ mutationFn: () => api<InstanceInvite>('/admin/invites', { method: 'POST' }) });
