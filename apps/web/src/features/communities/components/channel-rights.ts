import type { Channel, Community } from '../api/types';

/** The contract: the owner and admins add, change, move and delete channels. */
export const canManageChannels = (community: Community) => community.my_role === 'owner' || community.my_role === 'admin';

/** Everyone writes in a text channel; in an announcements channel only moderators and up (the server answers 403). */
export const canPostIn = (community: Community, channel: Channel | null) =>
  channel?.kind !== 'announcements' || community.my_role === 'owner' || community.my_role === 'admin' || community.my_role === 'moderator';
