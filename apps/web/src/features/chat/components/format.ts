import type { ChatUser } from '@tribeverse/shared';
import { dayLabel } from './day-label';

/** The spec's fallbacks: name, else username, else 'User'. */
export const displayName = (user: Pick<ChatUser, 'name' | 'username'> | null | undefined) => user?.name || user?.username || 'User';

/** '9:05 am': the conversation list's last-seen time with its am/pm suffix. */
export const clockTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(new Date(iso)).replace(/\u202f|\s/g, ' ').toLowerCase();

/**
 * The conversation list's last-seen column, as messaging apps show it: the time today, then 'Yesterday', the
 * weekday within the week, then the date.
 */
export function listTime(iso: string, now: Date = new Date()): string {
  const label = dayLabel(new Date(iso), now);
  return label === 'Today' ? clockTime(iso) : label;
}

export function lastSeenText(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const today = new Date();
  const sameDay = date.toDateString() === today.toDateString();
  return sameDay ? `last seen at ${clockTime(iso)}` : `last seen ${date.toLocaleDateString()} ${clockTime(iso)}`;
}

export const DEFAULT_AVATAR = '/default-avatar.svg';
