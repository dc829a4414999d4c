import { useEffect } from 'react';
import { useSocket } from '../../../lib/socket-provider';
import { listen } from '../../../lib/socket-listen';

/**
 * Follows the open chat's peer's presence over the socket, so 'online' and 'last seen' stay live even before a
 * first message. Asked again after every reconnect (a new socket has no subscriptions) and after a block is lifted.
 */
export function usePresenceWatch(peerId: number, allowed: boolean) {
  const socket = useSocket();
  useEffect(() => {
    if (!socket || !allowed) return;
    const stop = listen(socket, { connect: () => void socket.emit('presence:watch', { peer_id: peerId }) });
    return () => {
      stop();
      socket.emit('presence:unwatch');
    };
  }, [socket, peerId, allowed]);
}
