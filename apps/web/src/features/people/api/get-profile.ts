import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { peopleKeys } from './keys';

export const getProfile = (username: string) => api<PublicProfile>(`/users/${encodeURIComponent(username)}`);

export const profileQuery = (username: string) =>
  queryOptions({ queryKey: peopleKeys.profile(username), queryFn: () => getProfile(username), retry: false });

export const useProfile = (username: string | undefined) => useQuery({ ...profileQuery(username ?? ''), enabled: !!username });
