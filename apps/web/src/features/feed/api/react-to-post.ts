import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeState, Post, ShareState } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { dropPost, insertPost, patchPost, type PostPages } from './cache';
import { feedKeys } from './keys';

export const setLike = (postId: number, liked: boolean) =>
  api<LikeState>(`/posts/${postId}/like`, { method: liked ? 'POST' : 'DELETE' });
export const sharePost = (postId: number, text: string) => api<Post>(`/posts/${postId}/share`, { method: 'POST', body: { text } });
export const unsharePost = (postId: number) => api<ShareState>(`/posts/${postId}/share`, { method: 'DELETE' });

/** Like or unlike: the heart flips at once and settles on the server's count. */
export function useLike(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) => setLike(postId, liked),
    onMutate: (liked) => patchPost(qc, postId, {}, { liked_by_me: liked }),
    onError: (_e, liked) => patchPost(qc, postId, {}, { liked_by_me: !liked }),
    onSuccess: (state) => patchPost(qc, postId, { likes_count: state.likes_count }, { liked_by_me: state.liked_by_me }),
  });
}

/** Reposting: the repost goes to the top, the original counts one more share. */
export function useShare(postId: number) {
  const qc = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (text: string) => sharePost(postId, text),
    onSuccess: (repost) => {
      insertPost(qc, repost, user?.id);
      if (repost.shared_post) patchPost(qc, repost.shared_post.post_id, { shares_count: repost.shared_post.shares_count }, { shared_by_me: true });
    },
  });
}

export function useUnshare(postId: number) {
  const qc = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: () => unsharePost(postId),
    onSuccess: (state) => {
      patchPost(qc, postId, { shares_count: state.shares_count }, { shared_by_me: false });
      // The caller's repost of it leaves the lists (the server also announces it, this is for a lost socket).
      dropRepostBy(qc, postId, user?.id);
    },
  });
}

function dropRepostBy(qc: ReturnType<typeof useQueryClient>, originalId: number, authorId: number | undefined) {
  for (const [, data] of qc.getQueriesData<PostPages>({ queryKey: feedKeys.lists() })) {
    const repost = data?.pages.flatMap((page) => page.posts).find((p) => p.shared_post?.post_id === originalId && p.author.id === authorId);
    if (repost) dropPost(qc, repost.post_id);
  }
}
