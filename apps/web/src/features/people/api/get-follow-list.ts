import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FollowList } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { peopleKeys, type FollowSide } from './keys';

export const getFollowList = (userId: number, side: FollowSide, before: string | null) =>
  api<FollowList>(`/users/${userId}/${side}`, { query: { before, limit: 20 } });

export const followListQuery = (userId: number, side: FollowSide) =>
  infiniteQueryOptions({
    queryKey: peopleKeys.list(userId, side),
    queryFn: ({ pageParam }) => getFollowList(userId, side, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FollowList) => last.next_cursor ?? undefined,
  });

export const useFollowList = (userId: number, side: FollowSide, enabled: boolean) =>
  useInfiniteQuery({ ...followListQuery(userId, side), enabled });
