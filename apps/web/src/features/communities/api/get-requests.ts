import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { JoinRequest } from './types';

export const getRequests = (id: number) => api<{ requests: JoinRequest[] }>(`/communities/${id}/requests`);

export const requestsQuery = (id: number) =>
  queryOptions({ queryKey: communityKeys.requests(id), queryFn: () => getRequests(id), select: (d) => d.requests });

export const useRequests = (id: number, enabled: boolean) => useQuery({ ...requestsQuery(id), enabled });
