import { useSocketWatch } from '../../../lib/socket-listen';

/**
 * Follows the open chat's peer's presence over the socket, so 'online' and 'last seen' stay live even before a
 * first message. Asked again after every reconnect (a new socket has no subscriptions) and after a block is lifted.
 */
export function usePresenceWatch(peerId: number, allowed: boolean) {
  useSocketWatch('presence', allowed ? { peer_id: peerId } : null);
}
