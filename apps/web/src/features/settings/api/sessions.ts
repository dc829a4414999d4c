import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionsResponse } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

export const sessionsQuery = () =>
  queryOptions({ queryKey: ['settings', 'sessions'], queryFn: () => api<SessionsResponse>('/auth/sessions') });
export const useSessions = (enabled = true) => useQuery({ ...sessionsQuery(), enabled });

const useRefreshSessions = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey });
};

export const revokeSession = (id: number) => api<void>(`/auth/sessions/${id}`, { method: 'DELETE' });
export function useRevokeSession() {
  const refresh = useRefreshSessions();
  return useMutation({ mutationFn: revokeSession, onSettled: refresh });
}

export const revokeOtherSessions = () => api<{ revoked: number }>('/auth/sessions', { method: 'DELETE' });
export function useRevokeOtherSessions() {
  const refresh = useRefreshSessions();
  return useMutation({ mutationFn: revokeOtherSessions, onSettled: refresh });
}
