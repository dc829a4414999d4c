import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConversationMessage, GroupChangedEvent, GroupReadEvent, GroupRemovedEvent, TypingUpdateEvent } from '@tribeverse/shared';
import { useAuth } from '../../../lib/auth';
import { groupKey, openConversation } from '../../../lib/conversation/open-conversation';
import { useSocket } from '../../../lib/socket-provider';
import { listen } from '../../../lib/socket-listen';
import { clearGroupUnreadUpTo, dropGroupFromList, putGroup, setGroupRead, upsertGroupMessage } from '../api/group-cache';
import { chatKeys } from '../api/keys';
import { groupState } from '../stores/groups';
import { outbox } from '../stores/outbox';
import { setTyping } from '../stores/typing';
import { listRefresh } from './list-refresh';

/**
 * Keeps the group caches in step with the socket (events reach only the group's current members). The reconnect's
 * catch-up is useChatEvents': it asks again for everything under the chat's keys, groups included.
 */
export function useGroupEvents() {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const me = useAuth().user?.id ?? 0;

  useEffect(() => {
    if (!socket) return;
    const { refreshLists, onChanged, onDeleted } = listRefresh<ConversationMessage>(queryClient, chatKeys.groups, (message) =>
      upsertGroupMessage(queryClient, message),
    );
    const onNew = (message: ConversationMessage) => {
      if (!message.group_id) return;
      outbox.remove(message.sender_id === me ? message.client_id : null);
      upsertGroupMessage(queryClient, message);
      if (!message.system) {
        setTyping(message.sender_id, false, message.group_id);
        // Writing in a group means having read it up to there, as every chat app counts it.
        setGroupRead(queryClient, message.group_id, message.sender_id, message.id);
      }
      // A message into the group being read is read at once: the read refetches the lists when it is done.
      if (groupKey(message.group_id) === openConversation.get() && message.sender_id !== me) return;
      refreshLists();
    };
    const onUpdated = ({ group }: GroupChangedEvent) => {
      putGroup(queryClient, group);
      // Added back after being removed: the group is theirs again.
      if (group.members.some((m) => m.id === me)) groupState.setRemoved(group.id, false);
      void queryClient.invalidateQueries({ queryKey: chatKeys.groups });
    };
    const onRemoved = ({ group_id }: GroupRemovedEvent) => {
      groupState.setRemoved(group_id, true);
      dropGroupFromList(queryClient, group_id);
      // Nothing more can be sent there: what was waiting would only fail.
      outbox.removeWhere((p) => p.group_id === group_id);
      void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount });
    };
    const onRead = ({ group_id, user_id, last_read_id }: GroupReadEvent) => {
      setGroupRead(queryClient, group_id, user_id, last_read_id);
      if (user_id !== me) return;
      // This member read it in another tab.
      if (!clearGroupUnreadUpTo(queryClient, group_id, last_read_id)) void queryClient.invalidateQueries({ queryKey: chatKeys.groups });
      void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount });
    };
    // A private chat's typing:update has no group_id; useChatEvents takes those.
    const onTyping = (e: TypingUpdateEvent & { group_id?: number }) => e.group_id && setTyping(e.user_id, e.typing, e.group_id);
    return listen(socket, {
      'typing:update': onTyping,
      'group:message:new': onNew,
      'group:message:updated': onChanged,
      'group:message:deleted': onDeleted,
      'group:message:reacted': onChanged,
      'group:updated': onUpdated,
      'group:removed': onRemoved,
      'group:read': onRead,
    });
  }, [socket, queryClient, me]);
}
