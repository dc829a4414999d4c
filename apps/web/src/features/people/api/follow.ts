import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { FollowList, FollowState, PublicProfile } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { peopleKeys } from './keys';

export const followUser = (userId: number) => api<FollowState>(`/users/${userId}/follow`, { method: 'POST' });
export const unfollowUser = (userId: number) => api<FollowState>(`/users/${userId}/follow`, { method: 'DELETE' });
export const removeFollower = (userId: number) => api<void>(`/users/${userId}/follower`, { method: 'DELETE' });

/** Sets the viewer's relation to a member in every loaded profile and list row, so buttons change at once. */
export function patchRelation(qc: QueryClient, userId: number, patch: { is_following?: boolean; follows_me?: boolean }) {
  for (const [key, data] of qc.getQueriesData<PublicProfile>({ queryKey: ['people', 'profile'] })) {
    if (data?.id === userId) qc.setQueryData<PublicProfile>(key, { ...data, ...patch });
  }
  for (const [key, data] of qc.getQueriesData<InfiniteData<FollowList>>({ queryKey: ['people', 'list'] })) {
    if (!data) continue;
    qc.setQueryData<InfiniteData<FollowList>>(key, {
      ...data,
      pages: data.pages.map((page) => ({ ...page, users: page.users.map((u) => (u.id === userId ? { ...u, ...patch } : u)) })),
    });
  }
}

/** A mute or block made or lifted: the loaded profiles of that member show it at once (the menu, the Muted badge). */
export function patchMuteOrBlock(
  qc: QueryClient,
  userId: number,
  patch: Partial<Pick<PublicProfile, 'is_muted' | 'is_blocked' | 'is_following' | 'follows_me' | 'can_message'>>,
) {
  for (const [key, data] of qc.getQueriesData<PublicProfile>({ queryKey: ['people', 'profile'] })) {
    if (data?.id === userId) qc.setQueryData<PublicProfile>(key, { ...data, ...patch });
  }
}

/**
 * Relations change at once; counts come from the server (a read of the loaded profiles now, and the follow:updated
 * event for every tab and the other member).
 */
export function useFollowActions() {
  const qc = useQueryClient();
  const after = () => {
    void qc.invalidateQueries({ queryKey: [...peopleKeys.all, 'profile'] });
    // The 'Following' feed changes with whom the member follows.
    void qc.invalidateQueries({ queryKey: ['posts', 'list', 'feed'] });
  };
  return {
    follow: useMutation({
      mutationFn: followUser,
      onSuccess: (_state, userId) => {
        patchRelation(qc, userId, { is_following: true });
        after();
      },
    }),
    unfollow: useMutation({
      mutationFn: unfollowUser,
      onSuccess: (_state, userId) => {
        patchRelation(qc, userId, { is_following: false });
        after();
      },
    }),
    removeFollower: useMutation({
      mutationFn: removeFollower,
      onSuccess: (_nothing, userId) => {
        patchRelation(qc, userId, { follows_me: false });
        void qc.invalidateQueries({ queryKey: [...peopleKeys.all, 'profile'] });
      },
    }),
  };
}
