import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { PostPage } from '@tribeverse/shared';
import { renderInApp } from '../../../test-render';
import { nextCursor } from '../api/get-feed';
import { feedKeys } from '../api/keys';
import { PostList } from './post-list';

/**
 * The feed page's list over the feed's own cache entry, for tests of the list and of what its posts do to the
 * cache: `page` answers each page by its cursor (null for the first). Nothing is read again by itself.
 */
export function renderFeedList(client: QueryClient, page: (cursor: string | null) => Promise<PostPage>) {
  function Feed() {
    const query = useInfiniteQuery({
      queryKey: feedKeys.feed({}),
      queryFn: ({ pageParam }) => page(pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: nextCursor,
      staleTime: Infinity,
    });
    return <PostList query={query} />;
  }
  renderInApp(
    <MemoryRouter>
      <Feed />
    </MemoryRouter>,
    client,
  );
}
