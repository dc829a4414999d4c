import type { Notification } from '@tribeverse/shared';
import { paths } from '../../../config/paths';

/**
 * Where a click on a notification takes the member. There is no page for one post, so a post is shown in the
 * feed filtered to its author, brought into view: likes, comments and shares are about the member's own posts;
 * a mention in a post was written by the one who mentioned. A mention in a comment sits under a post whose
 * author the payload does not name: the whole feed, at that post when it is among the newest. Community news
 * opens the place in the community where it is acted on (its chat, requests, members or reports); a new owner
 * lands on the community's page, where its settings are.
 */
export function notificationHref(n: Notification, me: { username: string | null } | null): string {
  switch (n.kind) {
    case 'like':
    case 'comment':
    case 'share':
      return me?.username
        ? paths.landing.filtered({ author: me.username }, n.payload.post_id)
        : paths.landing.filtered({}, n.payload.post_id);
    case 'mention':
      return n.payload.username && n.payload.comment_id === undefined
        ? paths.landing.filtered({ author: n.payload.username }, n.payload.post_id)
        : paths.landing.filtered({}, n.payload.post_id);
    case 'follow':
      return n.payload.username ? paths.people.profile.getHref(n.payload.username) : paths.landing.getHref();
    case 'community_request_approved':
    case 'community_mention':
      return paths.community.current.getHref(n.payload.community_id);
    case 'community_request_declined':
    case 'community_invited':
    case 'community_owner':
      return paths.communities.detail.getHref(n.payload.community_id);
    case 'community_join_request':
      return paths.communities.detail.getHref(n.payload.community_id, 'requests');
    case 'community_member_left':
      return paths.communities.detail.getHref(n.payload.community_id, 'members');
    case 'community_report':
      return paths.communities.detail.getHref(n.payload.community_id, 'reports');
    default:
      return paths.landing.getHref();
  }
}

const who = (p: { username: string | null; name: string | null }) => (p.username ? `@${p.username}` : p.name || 'Someone');

const REPORTED_WORDS = { post: 'post', comment: 'comment', user: 'member', message: 'message', community: 'community' } as const;
/** What a removal took down: a held profile change is the new name and bio, which never showed. */
const REMOVED_WORDS = { post: 'post', comment: 'comment', message: 'message', profile: 'new name and bio' } as const;
const OUTCOME_WORDS = {
  dismissed: 'they found nothing against the rules',
  content_removed: 'it was removed',
  member_warned: 'the member was warned',
  member_silenced: 'the member was limited',
  member_suspended: 'the member was suspended',
} as const;

/** One line a person can read, per kind. */
export function describeNotification(n: Notification): string {
  switch (n.kind) {
    case 'like':
      return `${who(n.payload)} liked your post`;
    case 'comment':
      return `${who(n.payload)} commented on your post`;
    case 'share':
      return `${who(n.payload)} shared your post`;
    case 'mention':
      return `${who(n.payload)} mentioned you`;
    case 'follow':
      return `${who(n.payload)} started following you`;
    case 'community_request_approved':
      return `Your request to join ${n.payload.community_name} was approved`;
    case 'community_request_declined':
      return `Your request to join ${n.payload.community_name} was declined`;
    case 'community_join_request':
      return `${who(n.payload)} asked to join ${n.payload.community_name}`;
    case 'community_invited':
      return `${who(n.payload)} invited you to join ${n.payload.community_name}`;
    case 'community_mention':
      return n.payload.via === 'reply'
        ? `${who(n.payload)} replied to you in ${n.payload.community_name}`
        : `${who(n.payload)} mentioned you in ${n.payload.community_name}`;
    case 'community_member_left':
      return `${who(n.payload)} left ${n.payload.community_name}`;
    case 'community_report':
      return `A member was reported in ${n.payload.community_name}`;
    case 'report_resolved':
      return `The moderators reviewed your report about a ${REPORTED_WORDS[n.payload.target_kind]}: ${OUTCOME_WORDS[n.payload.outcome]}`;
    case 'content_removed':
      return n.payload.reason
        ? `The moderators removed your ${REMOVED_WORDS[n.payload.target_kind]}: ${n.payload.reason}`
        : `The moderators removed your ${REMOVED_WORDS[n.payload.target_kind]}`;
    case 'appeal_decided': {
      const what = n.payload.action === 'suspend' ? 'suspension' : 'removal';
      const outcome = n.payload.accepted
        ? `The moderators accepted your appeal of the ${what}${n.payload.action === 'remove_content' ? ': it is back' : ''}`
        : `The moderators kept the ${what} you appealed`;
      return n.payload.note ? `${outcome}. ${n.payload.note}` : outcome;
    }
    case 'moderator_warning':
      return n.payload.reason ? `The moderators warned you: ${n.payload.reason}` : 'The moderators warned you about your conduct';
    case 'community_owner':
      return n.payload.via === 'transfer'
        ? `${who(n.payload)} made you the owner of ${n.payload.community_name}`
        : `You are now the owner of ${n.payload.community_name}: its owner deleted their account`;
    default:
      return 'New notification';
  }
}
