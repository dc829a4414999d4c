import type { Notification } from '@tribeverse/shared';
import { paths } from '../../../config/paths';

const num = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * Where a click on a notification takes the member. There is no page for one post, so a post is shown in the
 * feed filtered to its author, brought into view: likes, comments and shares are about the member's own posts;
 * a mention in a post was written by the one who mentioned. A mention in a comment sits under a post whose
 * author the payload does not name: the whole feed, at that post when it is among the newest.
 */
export function notificationHref(n: Notification, me: { username: string | null } | null): string {
  const postId = num(n.payload.post_id);
  const actor = str(n.payload.username);
  switch (n.kind) {
    case 'like':
    case 'comment':
    case 'share':
      return me?.username ? paths.landing.filtered({ author: me.username }, postId) : paths.landing.filtered({}, postId);
    case 'mention':
      return actor && n.payload.comment_id === undefined ? paths.landing.filtered({ author: actor }, postId) : paths.landing.filtered({}, postId);
    case 'message': {
      const peer = num(n.payload.actor_id);
      return peer ? paths.chat.private.conversation.getHref(peer) : paths.chat.private.list.getHref();
    }
    default:
      return actor ? paths.landing.filtered({ author: actor }) : paths.landing.getHref();
  }
}
