import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletePostResponse, Post } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { coreOf, dropPost, patchPost } from './cache';

export const updatePostText = (postId: number, body: { post: string; content_warning?: string }) =>
  api<Post>(`/posts/${postId}`, { method: 'PATCH', body });

export const deletePost = (postId: number) => api<DeletePostResponse>(`/posts/${postId}`, { method: 'DELETE' });

export function useUpdatePost(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { post: string; content_warning?: string }) => updatePostText(postId, body),
    onSuccess: (post) => patchPost(qc, postId, coreOf(post)),
  });
}

export function useDeletePost(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(postId),
    onSuccess: ({ original }) => {
      dropPost(qc, postId);
      // Deleting one's repost is un-sharing its original.
      if (original) patchPost(qc, original.post_id, { shares_count: original.shares_count }, { shared_by_me: false });
    },
  });
}
