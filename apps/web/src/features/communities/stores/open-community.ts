/**
 * The community chat on screen, and its channel (null where the community has no channels): its new messages are read
 * at once, so they do not bump the counters meanwhile.
 */
interface OpenChat {
  communityId: number;
  channelId: number | null;
}
let open: OpenChat | null = null;

export const openCommunity = {
  get: () => open,
  set: (chat: OpenChat | null) => void (open = chat),
  /** Is this channel of this community on screen (`channelId` undefined: a message of a server without channels)? */
  shows: (communityId: number, channelId: number | undefined) =>
    open !== null &&
    open.communityId === communityId &&
    (open.channelId === null || channelId === undefined || open.channelId === channelId),
};
