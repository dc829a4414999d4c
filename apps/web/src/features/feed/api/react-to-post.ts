import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LikeState, Post, ShareState } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { dropPost, insertPost, patchPost, type PostPages } from './cache';
import { feedKeys } from './keys';

export const setLike = (postId: number, liked: boolean) => api<LikeState>(`/posts/${postId}/like`, { method: liked ? 'POST' : 'DELETE' });
export const sharePost = (postId: number, text: string) => api<Post>(`/posts/${postId}/share`, { method: 'POST', body: { text } });
export const unsharePost = (postId: number) => api<ShareState>(`/posts/${postId}/share`, { method: 'DELETE' });

/** The loaded count of a post, wherever a list shows it. */
function likesCountOf(qc: QueryClient, postId: number): number | undefined {
  for (const [, data] of qc.getQueriesData<PostPages>({ queryKey: feedKeys.lists() })) {
    for (const page of data?.pages ?? []) {
      for (const p of page.posts) {
        if (p.post_id === postId) return p.likes_count;
        if (p.shared_post?.post_id === postId) return p.shared_post.likes_count;
      }
    }
  }
  return undefined;
}

/**
 * Like or unlike: the heart and the count move at once. The exact count only ever comes from 'post:liked' events
 * (the server sends one for every change, in order), never from this call's answer: an answer can arrive after a
 * newer event and would put an older count back. The button waits for the answer (see PostActions), so clicks on
 * one post never overtake each other.
 */
export function useLike(postId: number) {
  const qc = useQueryClient();
  const nudge = (liked: boolean) => {
    const count = likesCountOf(qc, postId);
    patchPost(qc, postId, count === undefined ? {} : { likes_count: Math.max(0, count + (liked ? 1 : -1)) }, { liked_by_me: liked });
  };
  return useMutation({
    mutationFn: (liked: boolean) => setLike(postId, liked),
    onMutate: (liked) => nudge(liked),
    onError: (_e, liked) => nudge(!liked),
    onSuccess: (state) => patchPost(qc, postId, {}, { liked_by_me: state.liked_by_me }),
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
      if (repost.shared_post)
        patchPost(qc, repost.shared_post.post_id, { shares_count: repost.shared_post.shares_count }, { shared_by_me: true });
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
