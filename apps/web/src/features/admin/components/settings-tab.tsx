import { useState, type FormEvent } from 'react';
import { REGISTRATION_MODES, type InstanceSettings, type RegistrationMode } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { ListError } from '../../../components/ui/list-error';
import { RadioCards } from '../../../components/ui/radio-cards';
import { Spinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/textarea';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/datetime';
import { errorMessage } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { ActionButton } from './action-button';
import { useApproveRegistration, useCreateInvite, useInstanceSettings, usePendingRegistrations, useSaveSettings } from '../api/settings';

const MODE_WORDS: Record<RegistrationMode, { label: string; hint: string }> = {
  open: { label: 'Open', hint: 'Anyone can sign up.' },
  approval: { label: 'Approval', hint: 'Anyone can ask; an admin lets each account in.' },
  invite: { label: 'Invite only', hint: 'Only with an invite link made here.' },
  closed: { label: 'Closed', hint: 'Nobody can sign up.' },
};

function SettingsForm({ settings }: { settings: InstanceSettings }) {
  const save = useSaveSettings();
  const [mode, setMode] = useState(settings.registration);
  const [rules, setRules] = useState(settings.rules.join('\n'));
  const [proofOfWork, setProofOfWork] = useState(settings.proof_of_work);
  const [question, setQuestion] = useState(settings.approval_question ?? '');
  const [newHours, setNewHours] = useState(String(settings.new_account_hours));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const list = rules
      .split('\n')
      .map((r) => r.trim())
      .filter(Boolean);
    save.mutate(
      {
        registration: mode,
        rules: list,
        proof_of_work: proofOfWork,
        approval_question: question.trim() || null,
        new_account_hours: Number(newHours) || 0,
      },
      {
        onSuccess: () => {
          setProblem(null);
          toast.success('The settings are saved.');
        },
        onError: (error) => setProblem(errorMessage(error, 'Could not save the settings.')),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <RadioCards<RegistrationMode>
        legend="Who can sign up"
        name="registration"
        options={REGISTRATION_MODES.map((m) => ({ value: m, ...MODE_WORDS[m] }))}
        value={mode}
        onChange={setMode}
      />
      {mode === 'approval' && (
        <Field
          label="Question asked at sign-up (optional)"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          placeholder="Why do you want to join?"
        />
      )}
      <TextArea
        label="Rules, one a line (shown and accepted at sign-up)"
        value={rules}
        onChange={(e) => setRules(e.target.value)}
        rows={6}
      />
      <div className="flex flex-col gap-1">
        <Checkbox
          checked={proofOfWork}
          onChange={(e) => setProofOfWork(e.target.checked)}
          label="Ask for a proof of work at sign-up"
          aria-describedby="proof-of-work-hint"
        />
        <p id="proof-of-work-hint" className="pl-6 text-xs text-slate-400">
          The browser spends a second or two of computing before each sign-up: nothing for a person, costly for a script making accounts by
          the thousand. No outside service is involved.
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <Field
          label="New accounts' limits, in hours (0: none)"
          type="number"
          inputMode="numeric"
          min={0}
          max={720}
          value={newHours}
          onChange={(e) => setNewHours(e.target.value)}
          className="max-w-48"
          aria-describedby="new-hours-hint"
        />
        <p id="new-hours-hint" className="text-xs text-slate-400">
          For this long after signing up, an account posts no links and messages only people it follows or who follow it. 24 stops most spam
          waves.
        </p>
      </div>
      {problem && <Alert>{problem}</Alert>}
      <Button type="submit" className="min-h-11 self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save settings'}
      </Button>
    </form>
  );
}

/** Sign-ups waiting while registration asks for approval. */
function PendingSignUps() {
  const pending = usePendingRegistrations();
  const approve = useApproveRegistration();
  if (pending.isPending) return <Spinner label="Loading sign-ups" />;
  if (pending.isError) return <ListError onRetry={() => void pending.refetch()}>Could not load the waiting sign-ups.</ListError>;
  const list = pending.data.registrations;
  return (
    <section aria-labelledby="pending-title" className="flex flex-col gap-2">
      <h2 id="pending-title" className="text-lg font-semibold">
        Waiting sign-ups
      </h2>
      {!list.length ? (
        <p className="text-sm text-slate-400">Nobody is waiting.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.map((r) => (
            <li key={r.user_id} className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-800 bg-slate-900 p-3">
              <div className="min-w-0 flex-1">
                <p className="truncate text-slate-100">{r.email}</p>
                {r.answer && <p className="text-sm break-words whitespace-pre-wrap text-slate-300">“{r.answer}”</p>}
                <p className="text-xs text-slate-400">Asked {formatDateTime(r.created_at)}</p>
              </div>
              <ActionButton
                variant="primary"
                mutation={approve}
                vars={r.user_id}
                done={`${r.email} can sign in now.`}
                failure="Could not approve."
              >
                Approve
              </ActionButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Invites() {
  const create = useCreateInvite();
  const link = create.data && `${window.location.origin}${paths.auth.register.getHref()}?invite=${encodeURIComponent(create.data.code)}`;
  return (
    <section aria-labelledby="invites-title" className="flex flex-col gap-2">
      <h2 id="invites-title" className="text-lg font-semibold">
        Invites
      </h2>
      <p className="text-sm text-slate-400">Each link lets one person sign up, within a week.</p>
      <Button
        variant="secondary"
        className="min-h-11 self-start"
        disabled={create.isPending}
        onClick={() => create.mutate(undefined, { onError: (e) => toast.error(errorMessage(e, 'Could not make an invite.')) })}
      >
        Make an invite link
      </Button>
      {create.data && link && (
        <p className="text-sm break-all text-slate-200">
          <a href={link} className="text-brand-400 underline">
            {link}
          </a>{' '}
          <span className="text-slate-400">(valid until {formatDateTime(create.data.expires_at)})</span>
        </p>
      )}
    </section>
  );
}

/** Registration mode and rules (admins only), with the sign-ups waiting and invite links the mode calls for. */
export function SettingsTab() {
  const settings = useInstanceSettings();
  if (settings.isPending) return <Spinner label="Loading settings" />;
  if (settings.isError) return <ListError onRetry={() => void settings.refetch()}>Could not load the settings.</ListError>;
  return (
    <div className="flex flex-col gap-6">
      <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
      {settings.data.registration === 'approval' && <PendingSignUps />}
      {settings.data.registration === 'invite' && <Invites />}
    </div>
  );
}
