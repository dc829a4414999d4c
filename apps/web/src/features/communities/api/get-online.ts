import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { CommunityOnline } from './types';

/** Members with the chat open now (community:watch); the socket's community:online keeps it live (hooks/use-community-events). */
export const getOnline = (id: number) => api<CommunityOnline>(`/communities/${id}/online`);

export const onlineQuery = (id: number) => queryOptions({ queryKey: communityKeys.online(id), queryFn: () => getOnline(id) });

export const useOnline = (id: number, enabled: boolean) => useQuery({ ...onlineQuery(id), enabled });
