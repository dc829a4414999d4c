import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileCommunities } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';

/** The profile's created and followed communities, in the spec's card shape (image, heading, title, desc). */
export const getProfileCommunities = () => api<ProfileCommunities>('/me/communities');

export const profileCommunitiesQuery = () => queryOptions({ queryKey: [...communityKeys.all, 'profile'], queryFn: getProfileCommunities });

export const useProfileCommunities = () => useQuery(profileCommunitiesQuery());
