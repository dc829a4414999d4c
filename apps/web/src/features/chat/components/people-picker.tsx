import { useDeferredValue, useState } from 'react';
import type { ChatUser } from '@tribeverse/shared';
import { X } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { NextPageButton } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { allUsers, useChatUsers } from '../api/get-chat-users';
import { displayName } from './format';
import { SearchInput } from '../../../components/ui/search-input';

/**
 * Picks people from those the member may message (the chat's people list, searched on the server): a checkbox
 * each, and the picked ones as chips above, each with a button to take them out again. `exclude`: already in.
 */
export function PeoplePicker({
  picked,
  onChange,
  exclude = [],
}: {
  picked: ChatUser[];
  onChange(picked: ChatUser[]): void;
  exclude?: number[];
}) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const users = useChatUsers(deferred);
  const shown = allUsers(users.data).filter((u) => !exclude.includes(u.id));
  const isPicked = (id: number) => picked.some((p) => p.id === id);
  const toggle = (user: ChatUser) => onChange(isPicked(user.id) ? picked.filter((p) => p.id !== user.id) : [...picked, user]);

  return (
    <div className="flex min-h-0 flex-col gap-2">
      {picked.length > 0 && (
        <ul aria-label="Picked" className="flex flex-wrap gap-1">
          {picked.map((user) => (
            <li key={user.id} className="flex items-center gap-1 rounded-full bg-slate-800 py-0.5 pl-3 text-sm text-slate-100">
              {displayName(user)}
              <button
                type="button"
                onClick={() => toggle(user)}
                aria-label={`Remove ${displayName(user)}`}
                className="flex size-9 items-center justify-center rounded-full text-slate-300 hover:bg-slate-700 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <SearchInput label="Search people" placeholder="Search people..." value={search} onChange={setSearch} className="min-h-11 w-full" />
      <div className="max-h-64 min-h-24 overflow-y-auto rounded-lg border border-slate-800">
        {users.isPending ? (
          <div className="flex justify-center p-4">
            <Spinner />
          </div>
        ) : users.isError && !users.data ? (
          <Alert className="m-2">
            Could not load people.{' '}
            <button type="button" className="min-h-11 underline" onClick={() => void users.refetch()}>
              Retry
            </button>
          </Alert>
        ) : !shown.length ? (
          <p className="p-4 text-center text-sm text-slate-400">No one found</p>
        ) : (
          <ul aria-label="People to pick" className="flex flex-col">
            {shown.map((user) => (
              <li key={user.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 hover:bg-slate-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400">
                  <input
                    type="checkbox"
                    checked={isPicked(user.id)}
                    onChange={() => toggle(user)}
                    className="size-5 shrink-0 accent-brand-600"
                  />
                  <span aria-hidden>
                    <Avatar src={user.avatar} name={displayName(user)} size={32} />
                  </span>
                  <span className="truncate">{displayName(user)}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <NextPageButton query={users} label="Load more" className="min-h-11 w-full text-sm text-brand-300 underline disabled:opacity-60" />
      </div>
    </div>
  );
}
