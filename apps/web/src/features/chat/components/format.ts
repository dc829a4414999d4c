import type { ChatUser } from '@tribeverse/shared';
import { dayLabel } from '../../../lib/day-label';

/** The spec's fallbacks: name, else username, else 'User'. */
export const displayName = (user: Pick<ChatUser, 'name' | 'username'> | null | undefined) => user?.name || user?.username || 'User';

/** '9:05 am': the conversation list's last-seen time with its am/pm suffix. */
export const clockTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' })
    .format(new Date(iso))
    .replace(/\u202f|\s/g, ' ')
    .toLowerCase();

/**
 * The conversation list's last-seen column, as messaging apps show it: the time today, then 'Yesterday', the
 * weekday within the week, then the date.
 */
export function listTime(iso: string, now: Date = new Date()): string {
  const label = dayLabel(new Date(iso), now);
  return label === 'Today' ? clockTime(iso) : label;
}

/** The chat header's 'last seen at 9:05 am', 'last seen yesterday at …', '… Monday at …', '… 12 March at …'. */
export function lastSeenText(iso: string | null, now: Date = new Date()): string {
  if (!iso) return '';
  const day = dayLabel(new Date(iso), now);
  if (day === 'Today') return `last seen at ${clockTime(iso)}`;
  return `last seen ${day === 'Yesterday' ? 'yesterday' : day} at ${clockTime(iso)}`;
}

export const DEFAULT_AVATAR = '/default-avatar.svg';
