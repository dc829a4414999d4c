import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoStepStatus } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

export const twoStepQuery = () => queryOptions({ queryKey: ['settings', 'two-step'], queryFn: () => api<TwoStepStatus>('/auth/two-step') });
export const useTwoStep = () => useQuery(twoStepQuery());

/** Turns two-step verification on or off; both need the current password. */
export const setTwoStep = ({ enabled, password }: { enabled: boolean; password: string }) =>
  api<TwoStepStatus>(`/auth/two-step/${enabled ? 'enable' : 'disable'}`, { method: 'POST', body: { password } });

export function useSetTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTwoStep,
    onSuccess: (status) => queryClient.setQueryData(twoStepQuery().queryKey, status),
  });
}
