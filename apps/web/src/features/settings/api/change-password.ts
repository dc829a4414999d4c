import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionsQuery } from './sessions';

/** Changes the password; the server signs out every other session. */
export const changePassword = (body: { current_password: string; new_password: string }) =>
  api<{ message: string }>('/auth/password', { method: 'POST', body });
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}
