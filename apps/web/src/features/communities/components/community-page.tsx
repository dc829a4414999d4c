import clsx from 'clsx';
import { Link, Navigate, useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/format';
import { useCommunity } from '../api/get-community';
import type { Community, CommunityRight } from '../api/types';
import { AuditPanel } from './audit-panel';
import { CommunityHeader } from './community-header';
import { CommunityPreview } from './community-preview';
import { DiscussionTab } from './discussion-tab';
import { EventsTab } from './events-tab';
import { InvitesPanel } from './invites-panel';
import { InviteMemberForm } from './invite-member-form';
import { InvitedList } from './invited-list';
import { MediaTab } from './media-tab';
import { MembersTab } from './members-tab';
import { OverviewTab } from './overview-tab';
import { ReportsPanel } from './reports-panel';
import { RequestsPanel } from './requests-panel';

/** The spec's five tabs, then what the caller's rights open (requests, invites, reports, audit log). */
const TABS: { id: string; label: string; right?: CommunityRight; privateToo?: boolean }[] = [
  { id: 'all', label: 'All' },
  { id: 'discussion', label: 'Discussion' },
  { id: 'media', label: 'Media' },
  { id: 'events', label: 'Events' },
  { id: 'members', label: 'Members' },
  { id: 'requests', label: 'Requests', right: 'manage_requests' },
  { id: 'invites', label: 'Invites', right: 'invite' },
  { id: 'reports', label: 'Reports', right: 'review_reports' },
  { id: 'audit', label: 'Audit log', right: 'read_audit' },
];

function TabBody({ tab, community }: { tab: string; community: Community }) {
  switch (tab) {
    case 'discussion':
      return <DiscussionTab community={community} />;
    case 'media':
      return <MediaTab community={community} />;
    case 'events':
      return <EventsTab community={community} />;
    case 'members':
      return <MembersTab community={community} />;
    case 'requests':
      return <RequestsPanel communityId={community.id} />;
    case 'invites':
      return (
        <div className="flex flex-col gap-8">
          <InviteMemberForm communityId={community.id} />
          <InvitedList communityId={community.id} />
          <InvitesPanel communityId={community.id} />
        </div>
      );
    case 'reports':
      return <ReportsPanel communityId={community.id} />;
    case 'audit':
      return <AuditPanel communityId={community.id} />;
    default:
      return <OverviewTab community={community} />;
  }
}

/**
 * /communities/{id}[/{tab}]: header and join state for all; the tabs for members only (the server refuses them to
 * everyone else, so they are not asked for); a public community's preview for those who have not joined.
 */
export function CommunityPage() {
  const params = useParams();
  const id = Number(params.communityId);
  const tab = params.tab ?? 'all';
  const community = useCommunity(id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.communities.getHref()} replace />;
  if (community.isPending) return <Spinner label="Loading community" />;
  if (community.isError) return <p className="text-red-300">{errorMessage(community.error, 'Could not load this community')}</p>;
  const c = community.data;
  const member = c.my_status === 'member';
  const previewable = c.visibility === 'public' && c.my_status !== 'banned';
  const tabs = TABS.filter((t) => !t.right || c.my_rights.includes(t.right));
  const current = tabs.some((t) => t.id === tab) ? tab : 'all';
  return (
    <div className="flex flex-col gap-4">
      <CommunityHeader community={c} />
      {member ? (
        <>
          <nav aria-label="Community sections" className="-mx-1 overflow-x-auto">
            <ul className="flex gap-1 px-1">
              {tabs.map((t) => (
                <li key={t.id}>
                  <Link
                    to={paths.communities.detail.getHref(c.id, t.id === 'all' ? undefined : t.id)}
                    aria-current={current === t.id ? 'page' : undefined}
                    className={clsx(
                      'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap',
                      current === t.id ? 'bg-brand-600 text-white' : 'text-slate-300 hover:bg-slate-800',
                    )}
                  >
                    {t.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <TabBody tab={current} community={c} />
        </>
      ) : previewable ? (
        <CommunityPreview community={c} />
      ) : (
        <p className="rounded-2xl border border-slate-800 p-6 text-center text-slate-300">
          {c.my_status === 'requested'
            ? 'Your request is with the admins. You will hear when they decide.'
            : c.my_status === 'banned'
              ? 'You cannot see this community.'
              : 'This community is private: ask to join to see its chat, discussions, media, events and members.'}
        </p>
      )}
    </div>
  );
}
