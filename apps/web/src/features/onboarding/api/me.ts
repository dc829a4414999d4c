import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/** The member's saved profile and interests, to preselect what they chose before. */
export const meQuery = () => queryOptions({ queryKey: ['auth', 'me'], queryFn: () => api<User>('/auth/me'), staleTime: 0 });
export const useMe = () => useQuery(meQuery());
