import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { CommunityUnread } from './types';

/** Unread per community and in all (muted communities count 0): the list's badges and the header counter. */
export const getCommunityUnread = () => api<CommunityUnread>('/communities/unread');

export const communityUnreadQuery = () => queryOptions({ queryKey: communityKeys.unread, queryFn: getCommunityUnread });

export const useCommunityUnread = () => useQuery(communityUnreadQuery());
export const useCommunityUnreadTotal = () => useQuery(communityUnreadQuery()).data?.total ?? 0;
