import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, RegisterBody, RegistrationPending } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/** A session, or (registration by approval, 202) an account that waits for an admin and has none yet. */
export type RegisterResult = AuthResponse | RegistrationPending;

export const register = (body: RegisterBody) => api<RegisterResult>('/auth/register', { method: 'POST', body, token: null });

export const isPending = (result: RegisterResult): result is RegistrationPending => 'status' in result && result.status === 'pending';

export const useRegister = () => useMutation({ mutationFn: register });
