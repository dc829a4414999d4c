import { useState, type FormEvent } from 'react';
import { Copy, Link2 } from 'lucide-react';
import { COMMUNITY_LIMITS } from '@tribeverse/shared';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ChoiceSelect, type Choice } from '../../../components/ui/choice-select';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { useCreateInvite } from '../api/create-invite';
import { useInvites } from '../api/get-invites';
import { useRevokeInvite } from '../api/revoke-invite';
import type { Invite } from '../api/types';
import { formatDateTime } from '../../../lib/datetime';

const EXPIRY_CHOICES: Array<Choice<number>> = [
  { value: 1, label: '1 hour' },
  { value: 24, label: '24 hours' },
  { value: 72, label: '3 days' },
  { value: COMMUNITY_LIMITS.inviteMaxHours, label: '7 days' },
];

/** The address a person opens: the server's url is a path or an absolute address; either is made absolute here. */
export const inviteLink = (invite: Pick<Invite, 'url' | 'code'>) =>
  new URL(invite.url || `/invite/${invite.code}`, window.location.origin).toString();

const inviteState = (i: Invite) =>
  i.revoked
    ? 'Revoked'
    : Date.parse(i.expires_at) <= Date.now()
      ? 'Expired'
      : i.max_uses !== null && i.uses >= i.max_uses
        ? 'Used up'
        : null;

/** Invite links: expiry (24 h by default, 7 days at most) and an optional use limit; copy and revoke. */
export function InvitesPanel({ communityId }: { communityId: number }) {
  const invites = useInvites(communityId, true);
  const create = useCreateInvite(communityId);
  const revoke = useRevokeInvite(communityId);
  const [hours, setHours] = useState<number>(COMMUNITY_LIMITS.inviteDefaultHours);
  const [maxUses, setMaxUses] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Invite | null>(null);

  const copy = async (invite: Invite) => {
    try {
      await navigator.clipboard.writeText(inviteLink(invite));
      toast.success('Invite link copied');
    } catch {
      toast.info('Select the link and copy it');
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const uses = maxUses.trim() ? Number(maxUses) : null;
    if (uses !== null && (!Number.isInteger(uses) || uses < 1)) return setError('The use limit is a whole number from 1');
    create.mutate(
      { expires_in_hours: hours, max_uses: uses },
      { onSuccess: setCreated, onError: (err) => setError(errorMessage(err, 'Could not create the invite')) },
    );
  };

  return (
    <section aria-labelledby="invites-title" className="flex flex-col gap-3">
      <h2 id="invites-title" className="text-lg font-semibold">
        Invite links
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          Expires after
          <ChoiceSelect choices={EXPIRY_CHOICES} value={hours} onChange={setHours} className="px-3" />
        </label>
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          Use limit (optional)
          <input
            inputMode="numeric"
            value={maxUses}
            onChange={(e) => setMaxUses(e.target.value.replace(/\D/g, ''))}
            placeholder="No limit"
            className="min-h-11 rounded-lg border border-slate-700 bg-slate-900 px-3 placeholder:text-slate-400"
          />
        </label>
        <Button type="submit" className="min-h-11" disabled={create.isPending}>
          <Link2 className="size-4" aria-hidden /> Create invite link
        </Button>
      </form>
      {error && <Alert>{error}</Alert>}
      {created && (
        <div className="flex flex-col gap-2 rounded-lg border border-brand-400/50 bg-brand-600/10 p-3 sm:flex-row sm:items-center">
          <input
            readOnly
            value={inviteLink(created)}
            aria-label="New invite link"
            onFocus={(e) => e.target.select()}
            className="min-h-11 flex-1 rounded-lg bg-slate-950 px-3 text-sm"
          />
          <Button variant="secondary" className="min-h-11" onClick={() => void copy(created)}>
            <Copy className="size-4" aria-hidden /> Copy link
          </Button>
        </div>
      )}
      {invites.isPending ? (
        <Spinner label="Loading invites" />
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Invite links">
          {(invites.data ?? []).map((i) => {
            const state = inviteState(i);
            return (
              <li key={i.code} className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-800 p-2 text-sm">
                <code className="min-w-0 flex-1 truncate text-slate-200">{i.code}</code>
                <span className="text-slate-400">
                  {i.uses}
                  {i.max_uses !== null ? `/${i.max_uses}` : ''} used · {state ?? `expires ${formatDateTime(i.expires_at)}`}
                </span>
                {!state && (
                  <>
                    <Button variant="ghost" className="min-h-11" onClick={() => void copy(i)} aria-label={`Copy invite ${i.code}`}>
                      <Copy className="size-4" aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      className="min-h-11 text-red-300"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(i.code)}
                    >
                      Revoke
                    </Button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
