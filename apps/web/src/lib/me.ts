import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@tribeverse/shared';
import { api } from './api-client';

/** The signed-in member's profile and interests, as the server has them now: the one "me" query of the app. */
export const getMe = (token?: string) => api<User>('/auth/me', token === undefined ? {} : { token });

export const meQuery = () => queryOptions({ queryKey: ['auth', 'me'], queryFn: () => getMe(), staleTime: 0 });

export const useMe = (options: { enabled?: boolean } = {}) => useQuery({ ...meQuery(), enabled: options.enabled ?? true });
