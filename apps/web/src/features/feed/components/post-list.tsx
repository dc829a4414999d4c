import type { ReactNode } from 'react';
import { ListError } from '../../../components/ui/list-error';
import { LoadMore } from '../../../components/ui/load-more';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { flattenPages, type PostPages } from '../api/cache';
import { PostCard } from './post-card';

interface PostListProps {
  query: UseInfiniteQueryResult<PostPages>;
  emptyText?: ReactNode;
  /** What a failed load says; the feed shows the spec's 'Error: {message}'. */
  errorText?: (error: Error) => ReactNode;
  compact?: boolean;
  /** Show at most this many and do not scroll further (the side widget). */
  max?: number;
  /** Accessible name of the list. */
  label?: string;
  /**
   * The '⋯' menu (mute, block) on others' posts: for lists the server keeps muted and blocked members out of (the
   * feed), not for one member's page, whose own header has it.
   */
  memberMenus?: boolean;
}

/** The feed's states ('Loading posts…', error in red, empty, or the list) and infinite scroll by page. */
export function PostList({
  query,
  emptyText = 'No posts yet.',
  errorText = (e) => `Error: ${errorMessage(e, 'Failed to load posts')}`,
  compact,
  max,
  label = 'Posts',
  memberMenus = false,
}: PostListProps) {
  const scrolls = max === undefined;

  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-slate-300">
        <Spinner label="Loading posts" /> Loading posts…
      </p>
    );
  }
  if (query.isError) return <ListError onRetry={() => void query.refetch()}>{errorText(query.error)}</ListError>;

  const posts = flattenPages(query.data);
  if (!posts.length) return <p className="text-slate-400">{emptyText}</p>;
  const shown = max === undefined ? posts : posts.slice(0, max);
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4" aria-label={label}>
        {shown.map((post) => (
          <li key={post.post_id}>
            <PostCard post={post} compact={compact} memberMenu={memberMenus} />
          </li>
        ))}
      </ul>
      {scrolls && <LoadMore query={query} label="Load more posts" loadingLabel="Loading more posts…" />}
      {scrolls && !query.hasNextPage && posts.length > 3 && (
        <p className="py-4 text-center text-sm text-slate-400">You are all caught up.</p>
      )}
    </div>
  );
}
