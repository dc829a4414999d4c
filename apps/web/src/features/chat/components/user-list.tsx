import clsx from 'clsx';
import { Link } from 'react-router';
import type { ChatUser } from '@tribeverse/shared';
import { paths } from '../../../config/paths';
import { Avatar } from '../../../components/ui/avatar';
import { DEFAULT_AVATAR, displayName } from './format';

/** The private chat list: everyone the member can message. */
export function UserList({
  users,
  activePeerId,
  more,
}: {
  users: ChatUser[];
  activePeerId: number | null;
  /** The next page, when there is one: 'Load more' under the list. */
  more?: { load(): void; loading: boolean } | null;
}) {
  if (!users.length) return <p className="p-4 text-center text-sm text-slate-400">No users</p>;
  return (
    <>
      <ul aria-label="People" className="flex flex-col">
        {users.map((user) => (
          <li key={user.id}>
            <Link
              to={paths.chat.private.conversation.getHref(user.id)}
              className={clsx(
                'flex items-center gap-3 rounded-lg px-3 py-2 hover:bg-slate-800',
                activePeerId === user.id && 'bg-slate-800',
              )}
            >
              <Avatar src={user.avatar || DEFAULT_AVATAR} name={displayName(user)} size={42} />
              <span className="min-w-0">
                <span className="block truncate font-medium">{displayName(user)}</span>
                <span className="block text-xs text-slate-400">Tap to open chat</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {more && (
        <button
          type="button"
          onClick={more.load}
          disabled={more.loading}
          className="w-full py-2 text-sm text-brand-300 underline disabled:opacity-60"
        >
          {more.loading ? 'Loading…' : 'Load more'}
        </button>
      )}
    </>
  );
}
