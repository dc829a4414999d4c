import type { ChatUser } from '@tribeverse/shared';

/** The spec's fallbacks: name, else username, else 'User'. */
export const displayName = (user: Pick<ChatUser, 'name' | 'username'> | null | undefined) => user?.name || user?.username || 'User';

/** '9:05 am': the conversation list's last-seen time with its am/pm suffix. */
export const clockTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(new Date(iso)).replace(/\u202f|\s/g, ' ').toLowerCase();

export function lastSeenText(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const today = new Date();
  const sameDay = date.toDateString() === today.toDateString();
  return sameDay ? `last seen at ${clockTime(iso)}` : `last seen ${date.toLocaleDateString()} ${clockTime(iso)}`;
}

export const DEFAULT_AVATAR = '/default-avatar.svg';
