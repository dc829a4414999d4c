import { useNavigate, useParams } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/format';
import { useAcceptInvite } from '../api/accept-invite';
import { useInvite } from '../api/get-invite';
import { CommunityBadges } from './badges';
import { formatDateTime } from '../../../lib/datetime';

/** /invite/{code}: what the link leads to, and Accept; an expired, used-up or revoked link says so. */
export function InvitePage() {
  const code = useParams().code ?? '';
  const invite = useInvite(code);
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  if (invite.isPending) return <Spinner label="Opening the invite" />;
  if (invite.isError)
    return (
      <div className="mx-auto flex max-w-md flex-col gap-3 text-center">
        <h1 className="text-xl font-semibold">This invite does not work</h1>
        <Alert>{errorMessage(invite.error, 'The link is not valid.')}</Alert>
        <Button variant="secondary" className="min-h-11" onClick={() => navigate(paths.communities.getHref())}>
          Browse communities
        </Button>
      </div>
    );
  const { community, expires_at } = invite.data;
  const member = community.my_status === 'member';
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-3 rounded-2xl border border-slate-800 bg-slate-900 p-6 text-center">
      <p className="text-sm text-slate-300">You are invited to join</p>
      <Avatar src={community.image} name={community.name} size={80} />
      <h1 className="text-2xl font-bold">{community.name}</h1>
      <CommunityBadges community={community} />
      {community.description && <p className="text-sm text-slate-300">{community.description}</p>}
      <p className="text-xs text-slate-400">
        {community.member_count} members · link valid until {formatDateTime(expires_at)}
      </p>
      {accept.isError && <Alert>{errorMessage(accept.error, 'Could not join')}</Alert>}
      {member ? (
        <Button className="min-h-11" onClick={() => navigate(paths.community.current.getHref(community.id))}>
          You are a member: open the chat
        </Button>
      ) : (
        <Button
          className="min-h-11"
          disabled={accept.isPending}
          onClick={() =>
            accept.mutate(code, { onSuccess: (r) => navigate(paths.community.current.getHref(r.community_id), { replace: true }) })
          }
        >
          {accept.isPending ? 'Joining…' : 'Accept invite'}
        </Button>
      )}
    </div>
  );
}
