import type { ConversationMessage, PollResults } from '@tribeverse/shared';
import type { ChatNamespace } from '../../realtime/io.ts';
import { userRoom } from '../../realtime/rooms.ts';

/** Where a poll's changes go: the room of the conversation its message is in, or the feed's members for a post. */
export type PollAudience =
  { kind: 'group'; conversationId: number } | { kind: 'channel'; communityId: number } | { kind: 'post'; hiddenFrom: number[] };

/**
 * `poll:updated` after the write committed. The room names are the kinds' own (chat-groups.events.ts `group:{id}`,
 * communities-realtime.ts `community:{id}`): every current member's sockets are in them.
 */
export class PollEvents {
  constructor(private readonly ns: Pick<ChatNamespace, 'to' | 'except' | 'emit'>) {}

  updated(audience: PollAudience, poll: PollResults) {
    if (audience.kind === 'group') this.ns.to(`group:${audience.conversationId}`).emit('poll:updated', { poll });
    else if (audience.kind === 'channel') this.ns.to(`community:${audience.communityId}`).emit('poll:updated', { poll });
    else if (audience.hiddenFrom.length) this.ns.except(audience.hiddenFrom.map(userRoom)).emit('poll:updated', { poll });
    else this.ns.emit('poll:updated', { poll });
  }

  /**
   * A message carrying a new poll, told as its kind tells a new message (chat-groups-messages.service.ts,
   * communities-chat.service.ts), once the poll is stored, so every member who sees the message can find its poll.
   */
  newMessage(message: ConversationMessage) {
    const { group_id, community_id, channel_id, ...rest } = message;
    if (group_id !== undefined) this.ns.to(`group:${group_id}`).emit('group:message:new', message);
    else if (community_id !== undefined && channel_id !== undefined)
      this.ns.to(`community:${community_id}`).emit('community:message:new', { ...rest, community_id, channel_id });
  }
}
