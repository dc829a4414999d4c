import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { Invite } from './types';

export const getInvites = (id: number) => api<{ invites: Invite[] }>(`/communities/${id}/invites`);

export const invitesQuery = (id: number) =>
  queryOptions({ queryKey: communityKeys.invites(id), queryFn: () => getInvites(id), select: (d) => d.invites });

export const useInvites = (id: number, enabled: boolean) => useQuery({ ...invitesQuery(id), enabled });
