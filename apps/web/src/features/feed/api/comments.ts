import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { FEED_LIMITS, type Comment } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { patchPost } from './cache';
import { feedKeys } from './keys';

type CommentPages = InfiniteData<Comment[], number>;

export const getComments = (postId: number, page: number) =>
  api<Comment[]>(`/posts/${postId}/comments`, { query: { page, limit: FEED_LIMITS.commentsPageSize } });
export const addComment = (postId: number, text: string) =>
  api<{ comment: Comment; comments_count: number }>(`/posts/${postId}/comments`, { method: 'POST', body: { text } });
export const deleteComment = (postId: number, commentId: number) =>
  api<{ comments_count: number }>(`/posts/${postId}/comments/${commentId}`, { method: 'DELETE' });

/** Oldest first, 20 at a time. */
export const commentsQuery = (postId: number) =>
  infiniteQueryOptions({
    queryKey: feedKeys.comments(postId),
    queryFn: ({ pageParam }) => getComments(postId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: Comment[], all: Comment[][]) => (last.length < FEED_LIMITS.commentsPageSize ? undefined : all.length + 1),
  });

export const useComments = (postId: number, enabled: boolean) => useInfiniteQuery({ ...commentsQuery(postId), enabled });

/** Appends a comment to a loaded thread unless it is there already (one's own comes back through the socket too). */
export function appendComment(qc: QueryClient, comment: Comment, count: number) {
  qc.setQueryData<CommentPages>(feedKeys.comments(comment.post_id), (data) => {
    if (!data || data.pages.some((page) => page.some((c) => c.id === comment.id))) return data;
    const pages = [...data.pages];
    // Only when the thread is read to its end: otherwise the comment arrives with the page that holds it.
    const last = pages[pages.length - 1]!;
    if (last.length >= FEED_LIMITS.commentsPageSize) return data;
    pages[pages.length - 1] = [...last, comment];
    return { ...data, pages };
  });
  patchPost(qc, comment.post_id, { comments_count: count });
}

export function removeComment(qc: QueryClient, postId: number, commentId: number, count: number) {
  qc.setQueryData<CommentPages>(feedKeys.comments(postId), (data) =>
    data ? { ...data, pages: data.pages.map((page) => page.filter((c) => c.id !== commentId)) } : data,
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
