import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { CommunityUser } from './types';

export type Ban = CommunityUser & { banned_at: string };

export const getBans = (id: number) => api<{ bans: Ban[] }>(`/communities/${id}/bans`);

export const bansQuery = (id: number) =>
  queryOptions({ queryKey: [...communityKeys.members(id), 'bans'], queryFn: () => getBans(id), select: (d) => d.bans });

export const useBans = (id: number, enabled: boolean) => useQuery({ ...bansQuery(id), enabled });
