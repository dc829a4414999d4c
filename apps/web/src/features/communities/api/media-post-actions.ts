import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { MediaPost } from './types';

type Pages = InfiniteData<{ posts: MediaPost[]; next_cursor: number | null }>;

export const likeMediaPost = (id: number, postId: number, on: boolean) =>
  api<{ liked: boolean; likes: number }>(`/communities/${id}/posts/${postId}/like`, { method: on ? 'PUT' : 'DELETE' });
export const shareMediaPost = (id: number, postId: number) =>
  api<{ shares: number }>(`/communities/${id}/posts/${postId}/share`, { method: 'POST' });
export const deleteMediaPost = (id: number, postId: number) => api<void>(`/communities/${id}/posts/${postId}`, { method: 'DELETE' });

/** Likes, shares and removal patch the loaded pages in place. */
export function useMediaPostActions(id: number) {
  const qc = useQueryClient();
  const patch = (postId: number, change: Partial<MediaPost> | null) =>
    qc.setQueryData<Pages>(
      communityKeys.tab(id, 'posts'),
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            posts:
              change === null ? p.posts.filter((x) => x.id !== postId) : p.posts.map((x) => (x.id === postId ? { ...x, ...change } : x)),
          })),
        },
    );
  return {
    like: useMutation({
      mutationFn: ({ postId, on }: { postId: number; on: boolean }) => likeMediaPost(id, postId, on),
      onSuccess: (r, { postId }) => patch(postId, { liked_by_me: r.liked, likes: r.likes }),
    }),
    share: useMutation({
      mutationFn: (postId: number) => shareMediaPost(id, postId),
      onSuccess: (r, postId) => patch(postId, { shares: r.shares }),
    }),
    remove: useMutation({ mutationFn: (postId: number) => deleteMediaPost(id, postId), onSuccess: (_, postId) => patch(postId, null) }),
  };
}
