import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS, type PostPage } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { nextCursor } from './get-feed';
import { feedKeys } from './keys';

export const getUserPostsPage = (userId: number | 'me', before: string | null) =>
  api<PostPage>(`/posts/user/${userId}`, { query: { before, limit: LIMITS.feedPageSize } });

export const userPostsQuery = (userId: number | 'me') =>
  infiniteQueryOptions({
    queryKey: feedKeys.user(userId),
    queryFn: ({ pageParam }) => getUserPostsPage(userId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
  });

export const useUserPosts = (userId: number | 'me') => useInfiniteQuery(userPostsQuery(userId));
