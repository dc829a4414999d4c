import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { FEED_LIMITS, type Comment, type CommentPage } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { patchPost } from './cache';
import { feedKeys } from './keys';

export type CommentPages = InfiniteData<CommentPage, string | null>;

export const getComments = (postId: number, after: string | null) =>
  api<CommentPage>(`/posts/${postId}/comments`, { query: { after, limit: FEED_LIMITS.commentsPageSize } });
export const addComment = (postId: number, text: string) =>
  api<{ comment: Comment; comments_count: number }>(`/posts/${postId}/comments`, { method: 'POST', body: { text } });
export const deleteComment = (postId: number, commentId: number) =>
  api<{ comments_count: number }>(`/posts/${postId}/comments/${commentId}`, { method: 'DELETE' });

/** Oldest first, 20 at a time. */
export const commentsQuery = (postId: number) =>
  infiniteQueryOptions({
    queryKey: feedKeys.comments(postId),
    queryFn: ({ pageParam }) => getComments(postId, pageParam),
    initialPageParam: null as string | null,
    // The server says whether more follow: deleted comments never make a thread look finished.
    getNextPageParam: (last: CommentPage) => last.next_cursor ?? undefined,
  });

export const useComments = (postId: number, enabled: boolean) => useInfiniteQuery({ ...commentsQuery(postId), enabled });

/**
 * Appends a comment to a loaded thread; one there already (one's own comes back through the socket too) is replaced
 * by it, so one's comment held for review loses its mark when a moderator releases it.
 */
export function appendComment(qc: QueryClient, comment: Comment, count: number) {
  qc.setQueryData<CommentPages>(feedKeys.comments(comment.post_id), (data) => addToThread(data, comment));
  patchPost(qc, comment.post_id, { comments_count: count });
}

export function addToThread(data: CommentPages | undefined, comment: Comment): CommentPages | undefined {
  if (!data) return data;
  if (data.pages.some((page) => page.comments.some((c) => c.id === comment.id)))
    return {
      ...data,
      pages: data.pages.map((page) => ({ ...page, comments: page.comments.map((c) => (c.id === comment.id ? comment : c)) })),
    };
  const pages = [...data.pages];
  // Only when the thread is read to its end: otherwise the comment arrives with the page that holds it.
  const last = pages[pages.length - 1];
  if (!last || last.next_cursor !== null) return data;
  pages[pages.length - 1] = { ...last, comments: [...last.comments, comment] };
  return { ...data, pages };
}

export function removeComment(qc: QueryClient, postId: number, commentId: number, count: number) {
  qc.setQueryData<CommentPages>(feedKeys.comments(postId), (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, comments: page.comments.filter((c) => c.id !== commentId) })) } : data,
  );
  patchPost(qc, postId, { comments_count: count });
}

export function useAddComment(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addComment(postId, text),
    onSuccess: ({ comment, comments_count }) => appendComment(qc, comment, comments_count),
  });
}

export function useDeleteComment(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) => deleteComment(postId, commentId),
    onSuccess: ({ comments_count }, commentId) => removeComment(qc, postId, commentId, comments_count),
  });
}
