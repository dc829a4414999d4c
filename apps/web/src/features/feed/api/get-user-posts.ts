import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS, type Post } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { nextPage } from './get-feed';
import { feedKeys } from './keys';

export const getUserPostsPage = (userId: number | 'me', page: number) =>
  api<Post[]>(`/posts/user/${userId}`, { query: { page, limit: LIMITS.feedPageSize } });

export const userPostsQuery = (userId: number | 'me') =>
  infiniteQueryOptions({
    queryKey: feedKeys.user(userId),
    queryFn: ({ pageParam }) => getUserPostsPage(userId, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const useUserPosts = (userId: number | 'me') => useInfiniteQuery(userPostsQuery(userId));
