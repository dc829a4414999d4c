import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { meQuery } from '../../../lib/me';

/** The code mailed to the pending address: the account then moves to it. */
export const confirmEmailChange = (code: string) => api<User>('/auth/email-change/confirm', { method: 'POST', body: { code } });

/** Drops the pending address; the current one was never touched. */
export const cancelEmailChange = () => api<User>('/auth/email-change', { method: 'DELETE' });

export function useEmailChange() {
  const queryClient = useQueryClient();
  const onSuccess = (user: User) => queryClient.setQueryData(meQuery().queryKey, user);
  return {
    confirm: useMutation({ mutationFn: confirmEmailChange, onSuccess }),
    cancel: useMutation({ mutationFn: cancelEmailChange, onSuccess }),
  };
}
