import type { ChatUser } from '@tribeverse/shared';
import { formatTime } from '../../../lib/datetime';
import { dayLabel } from '../../../lib/day-label';

/** The spec's fallbacks: name, else username, else 'User'. */
export const displayName = (user: Pick<ChatUser, 'name' | 'username'> | null | undefined) => user?.name || user?.username || 'User';

/**
 * The conversation list's last-seen column, as messaging apps show it: the time today, then 'Yesterday', the
 * weekday within the week, then the date.
 */
export function listTime(iso: string, now: Date = new Date(), locale?: string): string {
  const label = dayLabel(new Date(iso), now, locale);
  return label === 'Today' ? formatTime(iso, locale) : label;
}

/** The chat header's 'last seen at 9:05 AM', 'last seen yesterday at …', '… Monday at …', '… 12 March at …'. */
export function lastSeenText(iso: string | null, now: Date = new Date(), locale?: string): string {
  if (!iso) return '';
  const day = dayLabel(new Date(iso), now, locale);
  const time = formatTime(iso, locale);
  if (day === 'Today') return `last seen at ${time}`;
  return `last seen ${day === 'Yesterday' ? 'yesterday' : day} at ${time}`;
}

export const DEFAULT_AVATAR = '/default-avatar.svg';
