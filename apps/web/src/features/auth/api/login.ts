import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/**
 * `remember` asks the server for a longer-lived session; the password is never kept in the browser. With two-step
 * verification on, the answer is a challenge (`two_step: true`) instead of a session.
 */
export const login = (body: LoginBody) => api<LoginResponse>('/auth/login', { method: 'POST', body, token: null });

export const useLogin = () => useMutation({ mutationFn: login });
