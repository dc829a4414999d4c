import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InterestCategory, SaveInterestsBody } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

export const interestsQuery = () =>
  queryOptions({ queryKey: ['interests'], queryFn: () => api<InterestCategory[]>('/interests'), staleTime: 10 * 60_000, retry: false });
export const useInterests = () => useQuery(interestsQuery());

export const saveInterests = (body: SaveInterestsBody) => api<{ message: string }>('/interests', { method: 'PATCH', body });
export const useSaveInterests = () => useMutation({ mutationFn: saveInterests });
