import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS, type Post } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { feedKeys, type FeedFilters } from './keys';

export const getFeedPage = (page: number, filters: FeedFilters = {}) =>
  api<Post[]>('/posts/get-post', { query: { page, limit: LIMITS.feedPageSize, tag: filters.tag, author: filters.author } });

/** Pages of 10, newest first; the next page exists while the last one was full. */
export const nextPage = (lastPage: Post[], allPages: Post[][]) => (lastPage.length < LIMITS.feedPageSize ? undefined : allPages.length + 1);

export const feedQuery = (filters: FeedFilters = {}) =>
  infiniteQueryOptions({
    queryKey: feedKeys.feed(filters),
    queryFn: ({ pageParam }) => getFeedPage(pageParam, filters),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const useFeed = (filters: FeedFilters = {}) => useInfiniteQuery(feedQuery(filters));
