import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { MemberPage } from './types';

export const getMembers = (id: number, before: string | null) => api<MemberPage>(`/communities/${id}/members`, { query: { before } });

export const membersQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: communityKeys.members(id),
    queryFn: ({ pageParam }) => getMembers(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useMembers = (id: number, enabled = true) => useInfiniteQuery({ ...membersQuery(id), enabled });
