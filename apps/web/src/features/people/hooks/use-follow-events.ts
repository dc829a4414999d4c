import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FollowUpdatedEvent, PublicProfile } from '@tribeverse/shared';
import { useAuth } from '../../../lib/auth';
import { useRelationChanges, type RelationChange } from '../../../lib/member-relations';
import { listen } from '../../../lib/socket-listen';
import { useSocket } from '../../../lib/socket-provider';
import { patchMuteOrBlock, patchRelation } from '../api/follow';
import { peopleKeys } from '../api/keys';

/**
 * A follow that involves the member, made here, in another tab or by the other person: both members' counts on
 * every loaded profile, the relation buttons and the open lists follow at once. So do mutes and blocks.
 */
export function useFollowEvents() {
  const socket = useSocket();
  const qc = useQueryClient();
  const meId = useAuth().user?.id;
  useRelationChanges((change: RelationChange) => {
    if (change.kind === 'muted' || change.kind === 'unmuted') patchMuteOrBlock(qc, change.user_id, { is_muted: change.kind === 'muted' });
    // A block ends follows and messages; the server says what remains of the profile on both sides.
    if (change.kind === 'blocked')
      patchMuteOrBlock(qc, change.user_id, { is_blocked: true, is_following: false, follows_me: false, can_message: false });
    if (change.kind === 'unblocked') patchMuteOrBlock(qc, change.user_id, { is_blocked: false });
    if (change.kind !== 'muted' && change.kind !== 'unmuted') void qc.invalidateQueries({ queryKey: peopleKeys.all });
  });
  useEffect(() => {
    if (!socket) return;
    const onUpdated = (e: FollowUpdatedEvent) => {
      const counts = new Map([
        [e.follower_id, e.follower_counts],
        [e.followee_id, e.followee_counts],
      ]);
      for (const [key, data] of qc.getQueriesData<PublicProfile>({ queryKey: ['people', 'profile'] })) {
        const c = data && counts.get(data.id);
        if (c) qc.setQueryData<PublicProfile>(key, { ...data, followers_count: c.followers, following_count: c.following });
      }
      if (meId === e.follower_id) patchRelation(qc, e.followee_id, { is_following: e.following });
      if (meId === e.followee_id) patchRelation(qc, e.follower_id, { follows_me: e.following });
      for (const id of [e.follower_id, e.followee_id]) void qc.invalidateQueries({ queryKey: [...peopleKeys.all, 'list', id] });
    };
    // Follows made while the connection was down are caught up by reading profiles and lists again; the first
    // connect (at once, when already connected) has nothing to catch up on.
    let wasConnected = false;
    const onConnect = () => {
      if (wasConnected) void qc.invalidateQueries({ queryKey: peopleKeys.all });
      wasConnected = true;
    };
    return listen(socket, { 'follow:updated': onUpdated, connect: onConnect });
  }, [socket, qc, meId]);
}
