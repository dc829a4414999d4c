import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import type { Community } from '../api/types';
import { CommunityBadges } from './badges';
import { JoinButton } from './join-button';

/** One row of /communities: picture, name, badges, interests, members; the join state on the right. */
export function CommunityCard({ community, href, unread = 0 }: { community: Community; href: string; unread?: number }) {
  return (
    <li
      data-testid="community-card"
      className="flex flex-col gap-3 rounded-2xl border border-slate-800 bg-slate-900 p-4 sm:flex-row sm:items-center"
    >
      <Link
        to={href}
        className="flex min-w-0 flex-1 items-start gap-3 rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
      >
        <Avatar src={community.image} name={community.name} size={52} className="rounded-xl" />
        <span className="flex min-w-0 flex-col gap-1">
          <span className="flex items-center gap-2">
            <span className="truncate font-semibold text-slate-100">{community.name}</span>
            {unread > 0 && (
              <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white" aria-label={`${unread} unread`}>
                {unread}
              </span>
            )}
          </span>
          {community.description && <span className="line-clamp-2 text-sm text-slate-300">{community.description}</span>}
          <CommunityBadges community={community} />
          <span className="flex flex-wrap items-center gap-2 text-xs text-slate-400">
            <span className="inline-flex items-center gap-1">
              <Users className="size-3.5" aria-hidden /> {community.member_count} {community.member_count === 1 ? 'member' : 'members'}
            </span>
            {community.interests.slice(0, 4).map((i) => (
              <span key={i} className="rounded-full border border-slate-700 px-2">
                #{i}
              </span>
            ))}
          </span>
        </span>
      </Link>
      <div className="flex shrink-0 items-center gap-2 sm:justify-end">
        {community.my_status === 'member' ? (
          <span className="text-sm text-emerald-300">{community.my_role === 'owner' ? 'Owner' : 'Member'}</span>
        ) : (
          <JoinButton community={community} className="min-h-11" />
        )}
      </div>
    </li>
  );
}
