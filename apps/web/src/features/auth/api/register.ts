import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, RegisterBody } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

export const register = (body: RegisterBody) => api<AuthResponse>('/auth/register', { method: 'POST', body, token: null });

export const useRegister = () => useMutation({ mutationFn: register });
