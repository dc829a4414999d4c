import { ArrowLeft, Info, MoreVertical } from 'lucide-react';
import { Link } from 'react-router';
import { COMMUNITY_LIMITS } from '@tribeverse/shared';
import { Avatar } from '../../../components/ui/avatar';
import { paths } from '../../../config/paths';
import type { Community, CommunityOnline, CommunityUser } from '../api/types';

function OnlineAvatars({
  shown,
  more,
  onPick,
  className,
}: {
  shown: CommunityOnline['online'];
  more: number;
  onPick: (user: CommunityUser) => void;
  className: string;
}) {
  return (
    <ul className={`items-center ${className}`} aria-label="Online now">
      {shown.map((u) => (
        <li key={u.id} className="-ml-2 first:ml-0">
          <button
            type="button"
            onClick={() => onPick({ id: u.id, name: u.name, avatar: u.avatar, username: null })}
            aria-label={`${u.name ?? 'Member'}: actions`}
            className="rounded-full ring-2 ring-slate-950"
          >
            <Avatar src={u.avatar} name={u.name} size={32} />
          </button>
        </li>
      ))}
      {more > 0 && (
        <li
          data-testid="online-more"
          className="-ml-2 inline-flex size-8 items-center justify-center rounded-full bg-slate-700 text-xs font-semibold text-slate-50 ring-2 ring-slate-950"
        >
          +{more}
        </li>
      )}
    </ul>
  );
}

/**
 * The spec's header: the group's name, 'N people currently chatting' (members with this chat open now, live: see
 * hooks/use-watch-community-chat), five of their avatars with '+N' for the rest, and the notice. The group picture and each avatar open the side modal.
 */
export function CommunityChatHeader({
  community,
  online,
  onOpenActions,
}: {
  community: Community;
  online: CommunityOnline | undefined;
  onOpenActions: (user?: CommunityUser) => void;
}) {
  const count = online?.online_count ?? community.online_count;
  const shown = (online?.online ?? []).slice(0, COMMUNITY_LIMITS.onlineAvatars);
  const more = Math.max(0, count - shown.length);
  return (
    <header className="flex flex-col gap-2 border-b border-slate-800 pb-2">
      <div className="flex items-center gap-2">
        <Link
          to={paths.community.chat.getHref()}
          aria-label="Back to communities"
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 md:hidden"
        >
          <ArrowLeft className="size-5" />
        </Link>
        <button
          type="button"
          onClick={() => onOpenActions()}
          aria-label={`${community.name}: group actions`}
          className="rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
        >
          <Avatar src={community.image} name={community.name} size={44} />
        </button>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">
            <Link to={paths.communities.detail.getHref(community.id)} className="hover:underline">
              {community.name}
            </Link>
          </h2>
          <p className="text-xs text-emerald-300" aria-live="polite" data-testid="chatting-count">
            {count} {count === 1 ? 'person' : 'people'} currently chatting
          </p>
        </div>
        <OnlineAvatars shown={shown} more={more} onPick={onOpenActions} className="hidden sm:flex" />
        <button
          type="button"
          onClick={() => onOpenActions()}
          aria-label="Chat actions"
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800"
        >
          <MoreVertical className="size-5" />
        </button>
      </div>
      {/* On a phone the avatars sit on their own row, under the name. */}
      <OnlineAvatars shown={shown} more={more} onPick={onOpenActions} className="flex pl-1 sm:hidden" />
      <p className="flex items-center justify-center gap-1 rounded-lg bg-slate-900 px-3 py-1 text-center text-xs text-slate-300">
        {/* The spec's notice claimed encryption the product does not do; the screen says what is true. */}
        <Info className="size-3 shrink-0" aria-hidden /> Messages here are kept on our server and seen by the community's members, and by
        its moderators when reported. They are not end-to-end encrypted.
      </p>
    </header>
  );
}
