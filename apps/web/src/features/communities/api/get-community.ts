import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { Community } from './types';

export const getCommunity = (id: number) => api<Community>(`/communities/${id}`);

export const communityQuery = (id: number) => queryOptions({ queryKey: communityKeys.detail(id), queryFn: () => getCommunity(id) });

export const useCommunity = (id: number) => useQuery(communityQuery(id));
