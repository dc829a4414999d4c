import { useEffect, useLayoutEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@tribeverse/shared';
import { useAuth } from '../../../lib/auth';
import { useSocket } from '../../../lib/socket-provider';
import { listen } from '../../../lib/socket-listen';
import { clearUnreadUpTo, markMineRead, patchPeerPresence, reloadChat, upsertMessage } from '../api/cache';
import { chatKeys } from '../api/keys';
import { directKey, openConversation } from '../../../lib/conversation/open-conversation';
import { outbox } from '../stores/outbox';
import { setTyping } from '../stores/typing';
import { groupState } from '../stores/groups';
import { useChatSender } from './use-chat-sender';
import { listRefresh } from './list-refresh';
import { useGroupEvents } from './use-group-events';

/**
 * Keeps every chat cache (and the header's unread counter) in step with the socket. After a reconnect the server
 * is the source of truth: everything is refetched, and pending messages are sent again with their client_id.
 */
export function useChatEvents(onReconnect?: () => void) {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const me = useAuth().user?.id ?? 0;

  useEffect(() => {
    if (!socket) return;
    const { refreshLists, onChanged, onDeleted } = listRefresh<ChatMessage>(queryClient, chatKeys.conversations, (message) =>
      upsertMessage(queryClient, me, message),
    );
    const onNew = (message: ChatMessage) => {
      outbox.remove(message.sender_id === me ? message.client_id : null);
      upsertMessage(queryClient, me, message);
      if (message.sender_id !== me) setTyping(message.sender_id, false);
      // A message into the chat being read is read at once: counted now, the lists could land after that read and
      // show it unread. The read refetches them when it is done.
      if (directKey(message.sender_id) === openConversation.get()) return;
      refreshLists();
    };
    const onRead = (e: { reader_id: number; up_to_id: number; read_at: string }) =>
      markMineRead(queryClient, e.reader_id, e.up_to_id, e.read_at);
    const onConversationRead = (e: { peer_id: number; up_to_id: number; unreadCount: number }) => {
      queryClient.setQueryData(chatKeys.unreadCount, { unreadCount: e.unreadCount });
      if (!clearUnreadUpTo(queryClient, e.peer_id, e.up_to_id)) void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
    };
    // A group's typing (with its group_id) is useGroupEvents'.
    const onTyping = (e: { user_id: number; typing: boolean; group_id?: number }) => !e.group_id && setTyping(e.user_id, e.typing);
    const onPresence = (e: { user_id: number; online: boolean; last_seen: string | null }) =>
      patchPeerPresence(queryClient, e.user_id, e.online, e.last_seen);
    const onBlock = (e: { user_id: number }) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.peer(e.user_id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.blocks });
      void queryClient.invalidateQueries({ queryKey: ['chat', 'users'] });
      refreshLists();
    };
    // Which read times may be shown changed: the histories concerned are loaded again (they never go stale alone).
    const onReceipts = (e: { user_id: number }) =>
      void queryClient.invalidateQueries({ queryKey: e.user_id === me ? ['chat', 'messages'] : chatKeys.messages(e.user_id) });
    // Every connect, the first one too: messages sent between the pages' HTTP loads and the socket joining the
    // member's room reached nobody here, so the server is asked again.
    const onConnect = () => {
      void reloadChat(queryClient);
      onReconnect?.();
    };
    return listen(socket, {
      'message:new': onNew,
      'message:updated': onChanged,
      'message:deleted': onDeleted,
      'message:reacted': onChanged,
      'message:read': onRead,
      'conversation:read': onConversationRead,
      'typing:update': onTyping,
      'presence:update': onPresence,
      'block:updated': onBlock,
      'receipts:changed': onReceipts,
      connect: onConnect,
    });
  }, [socket, queryClient, me, onReconnect]);
}

/**
 * Mounted once in the member layout, so every event is handled once and the header counter stays live on every
 * page; pending messages go again whenever the socket connects, whatever page is open.
 */
export function ChatEventsBridge() {
  const me = useAuth().user?.id ?? null;
  // A layout effect: the restored outbox is there before the socket's first connect asks to resend it.
  useLayoutEffect(() => {
    outbox.load(me);
    groupState.reset();
  }, [me]);
  const { retryFailed } = useChatSender();
  useChatEvents(retryFailed);
  useGroupEvents();
  // A message whose file comes back after a reload goes as soon as it is whole.
  useEffect(() => outbox.onFilesBack(retryFailed), [retryFailed]);
  return null;
}
