import clsx from 'clsx';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { paths } from '../../../config/paths';
import { useCommunities } from '../api/get-communities';
import { useCommunityUnread } from '../api/get-unread';
import { ListStates } from './list-states';

/** The member's communities with unread counts; the open one highlighted. */
export function CommunityChatList({ activeId, hideOnPhone }: { activeId: number | null; hideOnPhone: boolean }) {
  const mine = useCommunities({ mine: true });
  const unread = useCommunityUnread().data?.communities ?? [];
  const communities = (mine.data?.pages.flatMap((p) => p.communities) ?? []).filter((c) => c.my_status === 'member');
  return (
    <aside
      aria-label="Your communities"
      className={clsx('min-h-0 flex-col gap-2 overflow-y-auto', hideOnPhone ? 'hidden md:flex' : 'flex')}
    >
      <div className="flex items-center justify-between">
        <h1 className="text-lg font-semibold">Community chats</h1>
        <Link
          to={paths.communities.getHref()}
          className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm text-brand-400 hover:bg-slate-800"
        >
          Find communities
        </Link>
      </div>
      <ListStates
        query={mine}
        loading="Loading your communities"
        failed="Could not load your communities"
        count={communities.length}
        small
        empty={
          <p className="text-sm text-slate-400">
            You are in no community yet.{' '}
            <Link to={paths.communities.getHref()} className="text-brand-400 underline">
              Find or create one
            </Link>
            .
          </p>
        }
      >
        <ul className="flex flex-col gap-1" aria-label="Community chats">
          {communities.map((c) => {
            const count = unread.find((u) => u.community_id === c.id)?.unread ?? 0;
            return (
              <li key={c.id}>
                <Link
                  to={paths.community.current.getHref(c.id)}
                  aria-current={c.id === activeId ? 'page' : undefined}
                  aria-label={`${c.name}${count ? `, ${count} unread` : ''}`}
                  className={clsx(
                    'flex min-h-14 items-center gap-3 rounded-xl px-2 py-1',
                    c.id === activeId ? 'bg-slate-800' : 'hover:bg-slate-900',
                  )}
                >
                  <Avatar src={c.image} name={c.name} size={40} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{c.name}</span>
                    <span className="block text-xs text-slate-400">
                      {c.online_count} chatting{c.muted ? ' · muted' : ''}
                    </span>
                  </span>
                  {count > 0 && (
                    <span data-testid="community-unread" className="rounded-full bg-brand-600 px-2 text-xs font-semibold text-white">
                      {count}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </ListStates>
    </aside>
  );
}
