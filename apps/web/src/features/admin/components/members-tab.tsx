import { useState, type FormEvent } from 'react';
import type { ChatUser } from '@tribeverse/shared';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ListError } from '../../../components/ui/list-error';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/datetime';
import { toast } from '../../../lib/toast';
import { ActionButton } from './action-button';
import { useLift, useModerators, usePeopleSearch, useRestrict, useSetModerator } from '../api/members';
import { memberName } from './names';
import { RestrictDialog, RESTRICTIONS } from './restrict-dialog';
import { RestrictedMembers } from './restricted-members';

const rowClass = 'flex flex-wrap items-center gap-3 rounded-xl border border-slate-800 bg-slate-900 p-3';
const nameOf = (u: ChatUser) => u.name || (u.username ? `@${u.username}` : 'A member without a name');

/** One member found: suspend or silence them, lift either, and for an admin, make them a moderator. */
function MemberRow({ member, isAdmin, isModerator }: { member: ChatUser; isAdmin: boolean; isModerator: boolean }) {
  const restrict = useRestrict();
  const lift = useLift();
  const setModerator = useSetModerator();
  const [restricting, setRestricting] = useState<'suspend' | 'silence' | null>(null);
  const name = nameOf(member);
  return (
    <li className={rowClass}>
      <Avatar src={member.avatar} name={name} size={40} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-slate-100">{name}</p>
        {member.username && <p className="truncate text-sm text-slate-400">@{member.username}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        {(['suspend', 'silence'] as const).map((kind) => (
          <Button
            key={kind}
            variant={kind === 'suspend' ? 'danger' : 'secondary'}
            className="min-h-11"
            onClick={() => setRestricting(kind)}
          >
            {RESTRICTIONS[kind].verb}…
          </Button>
        ))}
        <ActionButton
          mutation={lift}
          vars={{ userId: member.id, kind: 'suspend' as const }}
          done={`${name}'s suspension is lifted.`}
          failure="Could not lift it."
        >
          Lift suspension
        </ActionButton>
        <ActionButton
          mutation={lift}
          vars={{ userId: member.id, kind: 'silence' as const }}
          done={`${name} is heard again.`}
          failure="Could not lift it."
        >
          Lift silence
        </ActionButton>
        {isAdmin && !isModerator && (
          <ActionButton
            mutation={setModerator}
            vars={{ userId: member.id, on: true }}
            done={`${name} is a moderator now.`}
            failure="Could not appoint them."
          >
            Make moderator
          </ActionButton>
        )}
      </div>
      <RestrictDialog
        kind={restricting}
        name={name}
        onClose={() => setRestricting(null)}
        onDone={async (kind, input) => {
          if (kind === 'warn') return;
          await restrict.mutateAsync({ userId: member.id, kind, ...input });
          toast.success(`${RESTRICTIONS[kind].done}: ${name}.`);
        }}
      />
    </li>
  );
}

/** The instance's moderators; admins appoint and remove them. */
function Moderators({ isAdmin }: { isAdmin: boolean }) {
  const moderators = useModerators();
  const setModerator = useSetModerator();
  return (
    <section aria-labelledby="moderators-title" className="flex flex-col gap-2">
      <h2 id="moderators-title" className="text-lg font-semibold">
        Moderators
      </h2>
      {moderators.isPending ? (
        <Spinner label="Loading moderators" />
      ) : moderators.isError ? (
        <ListError onRetry={() => void moderators.refetch()}>Could not load the moderators.</ListError>
      ) : !moderators.data.moderators.length ? (
        <p className="text-sm text-slate-400">No moderators yet{isAdmin ? ': find a member above to appoint one.' : '.'}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {moderators.data.moderators.map((m) => (
            <li key={m.id} className={rowClass}>
              <Avatar src={m.profile_picture} name={memberName(m)} size={40} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-slate-100">{memberName(m)}</p>
                <p className="text-sm text-slate-400">Since {formatDate(m.appointed_at)}</p>
              </div>
              {isAdmin && (
                <ActionButton
                  mutation={setModerator}
                  vars={{ userId: m.id, on: false }}
                  done={`${memberName(m)} is no longer a moderator.`}
                  failure="Could not remove them."
                >
                  Remove moderator
                </ActionButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Find a member by name to suspend them, lift a suspension, or (admins) appoint them; who is suspended, the moderators. */
export function MembersTab({ isAdmin }: { isAdmin: boolean }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const people = usePeopleSearch(q);
  const moderatorIds = new Set(useModerators().data?.moderators.map((m) => m.id));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(typed.trim());
  };
  return (
    <div className="flex flex-col gap-6">
      <section aria-label="Member search" className="flex flex-col gap-2">
        <form role="search" onSubmit={submit} className="flex items-end gap-2">
          <Field
            label="Find a member"
            className="flex-1"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Name or @username"
          />
          <Button type="submit" className="min-h-11">
            Find
          </Button>
        </form>
        {q &&
          (people.isPending ? (
            <Spinner label="Finding members" />
          ) : people.isError ? (
            <ListError onRetry={() => void people.refetch()}>Could not search.</ListError>
          ) : !people.data.length ? (
            <p className="text-sm text-slate-400">Nobody matches “{q}”.</p>
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Members found">
              {people.data.map((m) => (
                <MemberRow key={m.id} member={m} isAdmin={isAdmin} isModerator={moderatorIds.has(m.id)} />
              ))}
            </ul>
          ))}
      </section>
      <RestrictedMembers />
      <Moderators isAdmin={isAdmin} />
    </div>
  );
}
