import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ConfirmStatus, User } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

export const confirmStatusQuery = () =>
  queryOptions({ queryKey: ['auth', 'confirm-account'], queryFn: () => api<ConfirmStatus>('/auth/confirm-account'), staleTime: 0 });
export const useConfirmStatus = () => useQuery(confirmStatusQuery());

export const confirmAccount = (code: string) =>
  api<{ message: string; user: User }>('/auth/confirm-account', { method: 'POST', body: { code } });
export const useConfirmAccount = () => useMutation({ mutationFn: confirmAccount });

export const resendConfirmation = () =>
  api<{ message: string; resend_in: number }>('/auth/confirm-account/resend', { method: 'POST', body: {} });
export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
