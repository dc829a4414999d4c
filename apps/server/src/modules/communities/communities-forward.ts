import type { ForwardEndpoint } from '../chat/chat.module.ts';
import type { CommunityChatService } from './communities-chat.service.ts';

/**
 * Community channels as forwarding sees them: a source is a channel's message the caller may read now (a member,
 * after their Clear chat); a target `{community_id, channel_id}` takes the copy through the channel's own send path,
 * so it is refused as a send there would be (not a member, banned, timed out, an announcements channel below
 * moderator) and reaches the community's room like any message.
 */
export function channelForwarding(chat: CommunityChatService): ForwardEndpoint {
  return {
    source: (me, messageId) => chat.forwardSource(me, messageId),
    accepts: (to) => 'channel_id' in to,
    send: (me, to, copy) => {
      const { community_id, channel_id } = to as { community_id: number; channel_id: number };
      return chat.send(
        me,
        community_id,
        channel_id,
        { text: copy.text, client_id: copy.clientId, link_preview: copy.linkPreview },
        copy.attachment,
        undefined,
        copy.forwardedFrom,
      );
    },
  };
}
