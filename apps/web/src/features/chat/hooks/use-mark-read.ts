import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { directKey, groupKey } from '../../../lib/conversation/open-conversation';
import { useMarkConversationRead } from '../../../lib/conversation/use-mark-read';
import { clearUnread } from '../api/cache';
import { clearGroupUnread } from '../api/group-cache';
import { markGroupRead } from '../api/groups';
import { chatKeys } from '../api/keys';
import { markRead } from '../api/mark-read';

/**
 * Marks the open direct chat read up to the peer's newest message while the member can see it (see
 * useMarkConversationRead); the answer carries the header's new count.
 */
export function useMarkRead(peerId: number, newestFromPeer: number | undefined) {
  const queryClient = useQueryClient();
  const mark = useCallback(
    async (upToId: number) => {
      const r = await markRead(peerId, upToId);
      queryClient.setQueryData(chatKeys.unreadCount, { unreadCount: r.unreadCount });
      clearUnread(queryClient, peerId);
      // A list refetch started before this read may still land with the old count: asking again now cancels it.
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount });
    },
    [queryClient, peerId],
  );
  useMarkConversationRead(directKey(peerId), newestFromPeer, mark);
}

/** The same for an open group: read up to the newest message others wrote. */
export function useMarkGroupRead(groupId: number, newestFromOthers: number | undefined) {
  const queryClient = useQueryClient();
  const mark = useCallback(
    async (upToId: number) => {
      await markGroupRead(groupId, upToId);
      clearGroupUnread(queryClient, groupId);
      void queryClient.invalidateQueries({ queryKey: chatKeys.groups });
      void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount });
    },
    [queryClient, groupId],
  );
  useMarkConversationRead(groupKey(groupId), newestFromOthers, mark);
}
