import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { chatKeys } from '../api/keys';

/**
 * What a socket event about a message does to its chat list (the direct chats or the groups) and the header's
 * counter, once the message itself is in its history (`upsert`).
 */
export function listRefresh<M>(queryClient: QueryClient, listKey: QueryKey, upsert: (message: M) => void) {
  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: listKey });
    void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount });
  };
  const onChanged = (message: M) => {
    upsert(message);
    void queryClient.invalidateQueries({ queryKey: listKey });
  };
  // A deleted (or auto-deleted) message may have been unread: the header's counter is asked again.
  const onDeleted = (message: M) => {
    onChanged(message);
    void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount });
  };
  return { refreshLists, onChanged, onDeleted };
}
