import { useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { ListError } from '../../../components/ui/list-error';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/datetime';
import { useLift, useRestricted } from '../api/members';
import { ActionButton } from './action-button';
import { memberName } from './names';

type Kind = 'suspended' | 'silenced';

/** Who is suspended (or silenced) now, with the reason and end, each with the action that lifts it. */
export function RestrictedMembers() {
  const [kind, setKind] = useState<Kind>('suspended');
  const restricted = useRestricted(kind);
  const lift = useLift();
  return (
    <section aria-labelledby="restricted-title" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="restricted-title" className="text-lg font-semibold">
          {kind === 'suspended' ? 'Suspended members' : 'Silenced members'}
        </h2>
        <Select label="Show" value={kind} onChange={(e) => setKind(e.target.value as Kind)} className="max-w-48">
          <option value="suspended">Suspended</option>
          <option value="silenced">Silenced</option>
        </Select>
      </div>
      {restricted.isPending ? (
        <Spinner label={`Loading ${kind} members`} />
      ) : restricted.isError ? (
        <ListError onRetry={() => void restricted.refetch()}>Could not load them.</ListError>
      ) : !restricted.data.members.length ? (
        <p className="text-sm text-slate-400">Nobody is {kind} now.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={kind === 'suspended' ? 'Suspended members' : 'Silenced members'}>
          {restricted.data.members.map((m) => (
            <li key={m.user.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-800 bg-slate-900 p-3">
              <Avatar src={m.user.profile_picture} name={memberName(m.user)} size={40} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-slate-100">{memberName(m.user)}</p>
                <p className="text-sm break-words text-slate-300">{m.reason}</p>
                <p className="text-xs text-slate-400">
                  Since {formatDateTime(m.created_at)}
                  {m.until ? `, until ${formatDateTime(m.until)}` : ', until lifted'}
                </p>
              </div>
              <ActionButton
                mutation={lift}
                vars={{ userId: m.user.id, kind: kind === 'suspended' ? ('suspend' as const) : ('silence' as const) }}
                done={`${memberName(m.user)}: lifted.`}
                failure="Could not lift it."
              >
                {kind === 'suspended' ? 'Lift suspension' : 'Lift silence'}
              </ActionButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
