import { toast } from '../../../lib/toast';
import type { SessionDto } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/datetime';
import { errorMessage } from '../../../lib/format';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';

function lastUsed(session: SessionDto) {
  if (session.current) return 'Active now';
  const minutes = Math.round((Date.now() - new Date(session.last_used_at).getTime()) / 60_000);
  // Uses are recorded at most every few minutes: anything that recent reads as 'recently'.
  if (minutes < 10) return 'Active recently';
  return `Last active ${formatDateTime(session.last_used_at)}`;
}

/** Every device signed in to the account, with sign-out of one or all the others. */
export function SessionsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const sessions = useSessions(open);
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current);

  const signOutOne = (session: SessionDto) =>
    revoke.mutate(session.id, {
      onSuccess: () => toast.success(`Signed out ${session.device}.`),
      onError: (error) => toast.error(errorMessage(error, 'Could not sign that session out.')),
    });
  const signOutOthers = () =>
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => toast.success(`Signed out ${revoked} other session${revoked === 1 ? '' : 's'}.`),
      onError: (error) => toast.error(errorMessage(error, 'Could not sign the other sessions out.')),
    });

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Active sessions" className="w-[min(92vw,30rem)]">
      {sessions.isError ? (
        <Alert>Could not load your sessions.</Alert>
      ) : !sessions.data ? (
        <Spinner />
      ) : (
        <div className="flex flex-col gap-3">
          <ul aria-label="Signed-in devices" className="flex flex-col divide-y divide-slate-800">
            {list.map((session) => (
              <li key={session.id} className="flex items-center justify-between gap-3 py-2">
                <div>
                  <p className="text-sm font-medium">
                    {session.device}
                    {session.current && <span className="ml-2 rounded bg-brand-600 px-1.5 py-0.5 text-xs text-white">This device</span>}
                  </p>
                  <p className="text-xs text-slate-400">
                    {lastUsed(session)} · {session.place ?? 'Location unknown'}
                  </p>
                </div>
                {!session.current && (
                  <Button
                    variant="secondary"
                    className="min-h-11"
                    aria-label={`Sign out ${session.device}`}
                    disabled={revoke.isPending}
                    onClick={() => signOutOne(session)}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <Button variant="danger" className="min-h-11" disabled={revokeOthers.isPending} onClick={signOutOthers}>
              Sign out all other sessions
            </Button>
          ) : (
            <p className="text-sm text-slate-400">You are signed in on this device only.</p>
          )}
        </div>
      )}
    </Modal>
  );
}
