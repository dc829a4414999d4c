import { useSocketWatch } from '../../../lib/socket-listen';

/**
 * While a community's chat is open this socket watches it (community:watch), so the member counts among the "people
 * currently chatting" there; asked again after every reconnect (a new socket watches nothing), and ended
 * (community:unwatch) when the chat closes. One community per socket: opening another moves the watch.
 */
export function useWatchCommunityChat(communityId: number, member: boolean) {
  useSocketWatch('community', member ? { community_id: communityId } : null);
}
