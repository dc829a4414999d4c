import { useState } from 'react';
import { MessageCircle, Pencil, Trash2, Users } from 'lucide-react';
import { Link } from 'react-router';
import { ReportMenu } from '../../../components/report/report-menu';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import type { Community } from '../api/types';
import { CommunityBadges } from './badges';
import { DeleteCommunityDialog } from './delete-community-dialog';
import { EditCommunityDialog } from './edit-community-dialog';
import { JoinButton } from './join-button';

const roleText = { owner: 'the owner', admin: 'an admin', moderator: 'a moderator', member: 'a member' } as const;

/** Picture, name, badges, counts and the join state; chat, edit and delete for those whose rights allow them. */
export function CommunityHeader({ community }: { community: Community }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const member = community.my_status === 'member';
  const can = (right: Community['my_rights'][number]) => community.my_rights.includes(right);
  return (
    <header className="flex flex-col gap-4 rounded-2xl border border-slate-800 bg-slate-900 p-4 sm:flex-row sm:items-start">
      <Avatar src={community.image} name={community.name} size={88} className="self-center sm:self-start" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h1 className="text-2xl font-bold break-words">{community.name}</h1>
        <CommunityBadges community={community} />
        {community.description && <p className="text-sm whitespace-pre-wrap text-slate-300">{community.description}</p>}
        <p className="flex flex-wrap gap-3 text-sm text-slate-300">
          <span className="inline-flex items-center gap-1">
            <Users className="size-4" aria-hidden /> {community.member_count} {community.member_count === 1 ? 'member' : 'members'}
          </span>
          <span data-testid="community-online">{community.online_count} online</span>
          {community.interests.map((i) => (
            <span key={i} className="rounded-full border border-slate-700 px-2 text-xs leading-6">
              #{i}
            </span>
          ))}
        </p>
        {member && community.my_role && <p className="text-xs text-slate-400">You are {roleText[community.my_role]} of this community</p>}
      </div>
      <div className="flex flex-wrap gap-2 sm:flex-col sm:items-stretch">
        <JoinButton community={community} className="min-h-11" />
        {member && (
          <Link
            to={paths.community.current.getHref(community.id)}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
          >
            <MessageCircle className="size-4" aria-hidden /> Open chat
          </Link>
        )}
        {can('edit_community') && (
          <Button variant="secondary" className="min-h-11" onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden /> Edit
          </Button>
        )}
        {community.my_role !== 'owner' && (
          <ReportMenu
            className="self-end sm:self-auto"
            label={`More for ${community.name}`}
            subject={{ kind: 'community', id: community.id, what: community.name }}
          />
        )}
        {can('delete_community') && (
          <Button variant="secondary" className="min-h-11 text-red-300" onClick={() => setDeleting(true)}>
            <Trash2 className="size-4" aria-hidden /> Delete
          </Button>
        )}
      </div>
      {editing && <EditCommunityDialog community={community} open={editing} onOpenChange={setEditing} />}
      <DeleteCommunityDialog community={community} open={deleting} onOpenChange={setDeleting} />
    </header>
  );
}
