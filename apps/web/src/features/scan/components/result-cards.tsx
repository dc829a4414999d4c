import { Link } from 'react-router';
import type { ScanCommunity, ScanPerson } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/format';
import { useJoinFromScan } from '../api/join-community';

const linkButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400';

function Chips({ items, label }: { items: string[]; label: string }) {
  if (!items.length) return null;
  return (
    <ul aria-label={label} className="mt-2 flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-brand-600/20 px-2 py-0.5 text-xs text-slate-100">
          {item}
        </li>
      ))}
    </ul>
  );
}

function Band({ band }: { band: string }) {
  return <span className="shrink-0 rounded-full bg-slate-800 px-2 py-0.5 text-xs text-slate-200">{band}</span>;
}

export function CommunityResultCard({ community }: { community: ScanCommunity }) {
  const join = useJoinFromScan();
  const status = community.my_status;
  const open = paths.communities.detail.getHref(community.id);
  return (
    <li className="rounded-2xl border border-slate-800 bg-slate-900 p-4">
      <div className="flex items-start gap-3">
        <Avatar src={community.image} name={community.name} size={48} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h3 className="font-semibold">
              <Link to={open} className="hover:underline">
                {community.name}
              </Link>
            </h3>
            <Band band={community.distance_band} />
          </div>
          <p className="text-sm text-slate-300">
            {community.place?.name ? `${community.place.name} · ` : ''}
            {community.member_count} {community.member_count === 1 ? 'member' : 'members'}
            {community.visibility === 'private' ? ' · Private' : ''}
          </p>
          {community.description && <p className="mt-1 line-clamp-2 text-sm text-slate-300">{community.description}</p>}
          <Chips items={community.shared_interests} label="Shared interests" />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        {status === 'member' ? (
          <Link to={open} className={`${linkButton} bg-brand-600 text-white hover:bg-brand-700`}>
            Open community
          </Link>
        ) : status === 'requested' ? (
          <p className="min-h-11 content-center text-sm text-slate-300">Request sent: the admins will decide.</p>
        ) : status === 'banned' ? (
          <p className="min-h-11 content-center text-sm text-slate-300">You cannot join this community.</p>
        ) : (
          <>
            <Link to={open} className={`${linkButton} border border-slate-600 text-slate-100 hover:bg-slate-800`}>
              View
            </Link>
            <Button className="min-h-11" disabled={join.isPending} onClick={() => join.mutate(community.id)}>
              {community.visibility === 'private' ? 'Request to join' : 'Join'}
            </Button>
          </>
        )}
      </div>
      {join.isError && <Alert className="mt-2">{errorMessage(join.error, 'Joining did not work. Try again.')}</Alert>}
    </li>
  );
}

export function PersonResultCard({ person }: { person: ScanPerson }) {
  const name = person.name ?? person.username ?? 'Member';
  return (
    <li className="rounded-2xl border border-slate-800 bg-slate-900 p-4">
      <div className="flex items-start gap-3">
        <Avatar src={person.avatar} name={name} size={48} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="truncate font-semibold">{name}</h3>
              {person.username && <p className="truncate text-sm text-slate-300">@{person.username}</p>}
            </div>
            <Band band={person.distance_band} />
          </div>
          <Chips items={person.shared_interests} label="Shared interests" />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        {person.username && (
          <Link
            to={paths.people.profile.getHref(person.username)}
            className={`${linkButton} border border-slate-600 text-slate-100 hover:bg-slate-800`}
            aria-label={`Open ${name}'s profile`}
          >
            Profile
          </Link>
        )}
        <Link
          to={paths.chat.private.conversation.getHref(person.id)}
          className={`${linkButton} bg-brand-600 text-white hover:bg-brand-700`}
          aria-label={`Message ${name}`}
        >
          Message
        </Link>
      </div>
    </li>
  );
}
