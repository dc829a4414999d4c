import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginBody } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/** `remember` asks the server for a longer-lived session; the password is never kept in the browser. */
export const login = (body: LoginBody) => api<AuthResponse>('/auth/login', { method: 'POST', body, token: null });

export const useLogin = () => useMutation({ mutationFn: login });
