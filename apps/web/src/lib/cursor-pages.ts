import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';

/**
 * A list the server pages by a cursor: the first page has none, each page names the cursor of the next
 * (`next_cursor`, null on the last page) and the next is asked `before` it.
 */
export function cursorPagesQuery<P extends { next_cursor: C | null }, C = number>(
  queryKey: QueryKey,
  fetchPage: (before: C | null) => Promise<P>,
) {
  return infiniteQueryOptions<P, Error, InfiniteData<P, C | null>, QueryKey, C | null>({
    queryKey,
    // The context types its page param loosely here; it is always the cursor the two options below give.
    queryFn: (context) => fetchPage(context.pageParam as C | null),
    initialPageParam: null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
