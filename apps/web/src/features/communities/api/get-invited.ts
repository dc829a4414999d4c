import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingInvitation } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';

export const getInvited = (id: number) => api<{ invited: PendingInvitation[] }>(`/communities/${id}/invitations`);

/** Under the community's members key: inviting, joining, declining and withdrawing all refresh it. */
export const invitedQuery = (id: number) =>
  queryOptions({ queryKey: [...communityKeys.members(id), 'invited'], queryFn: () => getInvited(id), select: (d) => d.invited });

export const useInvited = (id: number) => useQuery(invitedQuery(id));
