import { useMutation } from '@tanstack/react-query';
import type { SendResetCodeResponse } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/**
 * Answers 200 alike whether or not the address has an account, so nobody can probe for members; the answer says
 * whether a code was sent and when another may be asked for.
 */
export const sendResetCode = (email: string) =>
  api<SendResetCodeResponse>('/send-reset-code', { method: 'POST', body: { email }, token: null });
export const useSendResetCode = () => useMutation({ mutationFn: sendResetCode });

export const verifyResetCode = (body: { email: string; code: string }) =>
  api<{ resetToken: string }>('/verify-reset-code', { method: 'POST', body, token: null });
export const useVerifyResetCode = () => useMutation({ mutationFn: verifyResetCode });

export const resetPassword = ({ resetToken, password }: { resetToken: string; password: string }) =>
  api<{ message: string }>(`/reset-password/${encodeURIComponent(resetToken)}`, { method: 'POST', body: { password }, token: null });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
