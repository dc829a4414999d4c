import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS, type PostPage } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { feedKeys, type FeedFilters } from './keys';

export const getFeedPage = (before: string | null, filters: FeedFilters = {}) =>
  api<PostPage>('/posts/feed', {
    query: {
      before,
      limit: LIMITS.feedPageSize,
      tag: filters.tag,
      author: filters.author,
      following: filters.following ? 'true' : undefined,
    },
  });

/**
 * The server says where the next page starts: posts removed from the cache (deleted, unshared) or added live never
 * make the list look finished or shift the pages.
 */
export const nextCursor = (lastPage: PostPage) => lastPage.next_cursor ?? undefined;

export const feedQuery = (filters: FeedFilters = {}) =>
  infiniteQueryOptions({
    queryKey: feedKeys.feed(filters),
    queryFn: ({ pageParam }) => getFeedPage(pageParam, filters),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursor,
  });

export const useFeed = (filters: FeedFilters = {}) => useInfiniteQuery(feedQuery(filters));
