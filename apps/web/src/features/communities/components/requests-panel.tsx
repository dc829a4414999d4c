import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CommunityChangedEvent } from '@tribeverse/shared';
import { toast } from '../../../lib/toast';
import { useSocket } from '../../../lib/socket-provider';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { useDecideRequest } from '../api/decide-request';
import { useRequests } from '../api/get-requests';
import { communityKeys } from '../api/keys';
import { displayName } from '../api/types';
import { formatDateTime } from '../../../lib/datetime';

/** What an admin may answer a request with, first the one most asked for. */
const DECISIONS = [
  { decision: 'approve', label: 'Approve', variant: 'primary' },
  { decision: 'decline', label: 'Decline', variant: 'secondary' },
] as const;

/** A private community's requests to join: approve or decline; the requester hears either way. */
export function RequestsPanel({ communityId }: { communityId: number }) {
  const requests = useRequests(communityId, true);
  const decide = useDecideRequest(communityId);
  useRequestsLive(communityId);
  if (requests.isPending) return <Spinner label="Loading requests" />;
  if (requests.isError) return <p className="text-red-300">{errorMessage(requests.error, 'Could not load the requests')}</p>;
  return (
    <section aria-labelledby="requests-title" className="flex flex-col gap-3">
      <h2 id="requests-title" className="text-lg font-semibold">
        Requests to join
      </h2>
      {!requests.data.length ? (
        <p className="text-slate-400">No requests waiting.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Requests to join">
          {requests.data.map(({ user, requested_at }) => (
            <li key={user.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-800 p-2">
              <Avatar src={user.avatar} name={displayName(user)} size={40} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{displayName(user)}</span>
                <span className="text-xs text-slate-400">asked {formatDateTime(requested_at)}</span>
              </span>
              {DECISIONS.map(({ decision, label, variant }) => (
                <Button
                  key={decision}
                  variant={variant}
                  className="min-h-11"
                  disabled={decide.isPending}
                  aria-label={`${label} ${displayName(user)}`}
                  onClick={() =>
                    decide.mutate({ userId: user.id, decision }, { onError: (e) => toast.error(errorMessage(e, `Could not ${decision}`)) })
                  }
                >
                  {label}
                </Button>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The open list follows the server: a request arrives, is withdrawn, or another admin decides one
 * (`community:requests:changed`, sent only to the community's owner and admins); after a reconnect it asks again,
 * since an event sent while disconnected is lost.
 */
function useRequestsLive(communityId: number) {
  const socket = useSocket();
  const qc = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refetch = () => void qc.invalidateQueries({ queryKey: communityKeys.requests(communityId) });
    const onChanged = (e: CommunityChangedEvent) => {
      if (e.community_id === communityId) refetch();
    };
    socket.on('community:requests:changed', onChanged);
    socket.on('connect', refetch);
    return () => {
      socket.off('community:requests:changed', onChanged);
      socket.off('connect', refetch);
    };
  }, [socket, qc, communityId]);
}
