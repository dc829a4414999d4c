import { useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { useMembers } from '../api/get-members';
import { displayName, type Community, type CommunityMember } from '../api/types';
import { BansList } from './bans-list';
import { canManage, MemberActionsDialog } from './member-actions-dialog';

const roleChip: Record<CommunityMember['role'], string> = {
  owner: 'bg-amber-400/15 text-amber-200',
  admin: 'bg-brand-600/25 text-brand-400',
  moderator: 'bg-accent-500/15 text-accent-200',
  member: 'bg-slate-800 text-slate-300',
};

/** Members: name, description and role (spec's member card); those allowed manage each one from here. */
export function MembersTab({ community }: { community: Community }) {
  const members = useMembers(community.id);
  const [managing, setManaging] = useState<CommunityMember | null>(null);
  if (members.isPending) return <Spinner label="Loading members" />;
  if (members.isError) return <p className="text-red-300">{errorMessage(members.error, 'Could not load the members')}</p>;
  const list = members.data.pages.flatMap((p) => p.members);
  return (
    <section className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2" aria-label="Members">
        {list.map((m) => (
          <li key={m.id} data-testid="member-row" className="flex items-center gap-3 rounded-lg border border-slate-800 bg-slate-900 p-2">
            <Avatar src={m.avatar} name={displayName(m)} size={40} online={m.online} />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-2">
                <span className="truncate font-medium">{displayName(m)}</span>
                <span className={`rounded-full px-2 text-xs leading-5 ${roleChip[m.role]}`}>{m.role}</span>
                {m.timeout_until && Date.parse(m.timeout_until) > Date.now() && <span className="text-xs text-amber-200">timed out</span>}
              </span>
              {m.description && <span className="line-clamp-1 text-sm text-slate-400">{m.description}</span>}
            </span>
            {canManage(community, m) && (
              <Button variant="secondary" className="min-h-11" onClick={() => setManaging(m)} aria-label={`Manage ${displayName(m)}`}>
                Manage
              </Button>
            )}
          </li>
        ))}
      </ul>
      {members.hasNextPage && (
        <Button
          variant="secondary"
          className="min-h-11 self-center"
          onClick={() => void members.fetchNextPage()}
          disabled={members.isFetchingNextPage}
        >
          Load more
        </Button>
      )}
      {community.my_rights.includes('ban_member') && <BansList communityId={community.id} />}
      {managing && <MemberActionsDialog community={community} member={managing} onClose={() => setManaging(null)} />}
    </section>
  );
}
