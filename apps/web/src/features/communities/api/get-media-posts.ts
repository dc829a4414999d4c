import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { MediaPost } from './types';

export const getMediaPosts = (id: number, before: number | null) =>
  api<{ posts: MediaPost[]; next_cursor: number | null }>(`/communities/${id}/posts`, { query: { before } });

export const useMediaPosts = (id: number) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: communityKeys.tab(id, 'posts'),
      queryFn: ({ pageParam }) => getMediaPosts(id, pageParam),
      initialPageParam: null as number | null,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    }),
  );
