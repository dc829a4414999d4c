import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, TwoStepResendResponse } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/** The second step of a password sign-in: the challenge the password earned, and the mailed code. */
export const verifyTwoStep = (body: { challenge_token: string; code: string }) =>
  api<AuthResponse>('/auth/two-step/verify', { method: 'POST', body, token: null });
export const useVerifyTwoStep = () => useMutation({ mutationFn: verifyTwoStep });

export const resendTwoStep = (challenge_token: string) =>
  api<TwoStepResendResponse>('/auth/two-step/resend', { method: 'POST', body: { challenge_token }, token: null });
export const useResendTwoStep = () => useMutation({ mutationFn: resendTwoStep });
