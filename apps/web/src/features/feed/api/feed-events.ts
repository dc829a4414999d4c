import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth';
import { useRelationChanges } from '../../../lib/member-relations';
import { useSocket } from '../../../lib/socket-provider';
import { coreOf, dropPost, insertPost, knownFlags, patchPost, toViewerPost } from './cache';
import { appendComment, removeComment } from './comments';
import { feedKeys } from './keys';
import { applyRelationChange } from './member-relations';

/** Keeps every loaded post list and comment thread in step with what other members do, as it happens. */
export function useFeedEvents() {
  const socket = useSocket();
  const qc = useQueryClient();
  const { user } = useAuth();
  const meId = user?.id;
  // A member muted or blocked (here, in another tab, or a block by them): their posts leave every loaded list at once.
  useRelationChanges((change) => applyRelationChange(qc, change));

  useEffect(() => {
    if (!socket) return;
    const handlers = {
      'post:new': (post) => {
        insertPost(qc, toViewerPost(post, meId, knownFlags(qc, post.shared_post?.post_id)), meId);
        // One's own post held for review goes out when a moderator releases it: the mark comes off where it is listed.
        if (post.author.id === meId) patchPost(qc, post.post_id, {}, { held: false });
        // Shared from another tab: the original shows as shared here too.
        if (post.shared_post && post.author.id === meId) patchPost(qc, post.shared_post.post_id, {}, { shared_by_me: true });
      },
      'post:updated': (post) => patchPost(qc, post.post_id, coreOf(post)),
      'post:deleted': ({ post_id }) => dropPost(qc, post_id),
      'post:liked': ({ post_id, likes_count }) => patchPost(qc, post_id, { likes_count }),
      'post:shared': ({ post_id, shares_count }) => patchPost(qc, post_id, { shares_count }),
      'comment:new': ({ comment, comments_count }) => appendComment(qc, comment, comments_count),
      'comment:deleted': ({ post_id, comment_id, comments_count }) => removeComment(qc, post_id, comment_id, comments_count),
    } satisfies {
      [K in 'post:new' | 'post:updated' | 'post:deleted' | 'post:liked' | 'post:shared' | 'comment:new' | 'comment:deleted']: Parameters<
        typeof socket.on<K>
      >[1];
    };
    // Events missed while the connection was down are caught up by reading the lists again.
    let wasConnected = socket.connected;
    const onConnect = () => {
      if (wasConnected) void qc.invalidateQueries({ queryKey: feedKeys.all });
      wasConnected = true;
    };
    // Profile figures are counted by the server; any post or like change marks the loaded ones stale.
    const staleStats = () => void qc.invalidateQueries({ queryKey: feedKeys.stats() });
    const countedEvents = ['post:new', 'post:deleted', 'post:liked', 'post:shared'] as const;
    for (const [event, handler] of Object.entries(handlers)) socket.on(event as 'post:new', handler as never);
    for (const event of countedEvents) socket.on(event, staleStats);
    socket.on('connect', onConnect);
    return () => {
      for (const [event, handler] of Object.entries(handlers)) socket.off(event as 'post:new', handler as never);
      for (const event of countedEvents) socket.off(event, staleStats);
      socket.off('connect', onConnect);
    };
  }, [socket, qc, meId]);
}

/** Mounted once in the signed-in shell: feed caches stay live on every page, not only while a post list is shown. */
export function FeedEventsBridge() {
  useFeedEvents();
  return null;
}
