import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileCommunities } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { peopleKeys } from './keys';

export const profileCommunitiesQuery = (userId: number) =>
  queryOptions({
    queryKey: peopleKeys.communities(userId),
    queryFn: () => api<ProfileCommunities>(`/users/${userId}/communities`),
  });

export const useProfileCommunities = (userId: number | undefined) =>
  useQuery({ ...profileCommunitiesQuery(userId ?? 0), enabled: userId !== undefined });
