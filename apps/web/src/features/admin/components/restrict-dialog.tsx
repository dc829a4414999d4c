import { useState, type FormEvent } from 'react';
import { ADMIN_LIMITS } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { TextArea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/format';

export interface RestrictInput {
  reason: string;
  /** ISO time; absent: until lifted. */
  until?: string;
}

/** What a moderator may do to a member, in the words the dialog uses for each. */
export const RESTRICTIONS = {
  suspend: {
    verb: 'Suspend',
    busy: 'Suspending…',
    done: 'Suspended',
    reason: 'Reason (the member reads it)',
    explain: 'Their sessions end at once, their profile and content are hidden, and signing in shows them the reason.',
    withEnd: true,
  },
  silence: {
    verb: 'Silence',
    busy: 'Silencing…',
    done: 'Silenced',
    reason: 'Reason (the member reads it)',
    explain: "Their posts and comments reach only their followers, out of everyone else's feeds and searches.",
    withEnd: true,
  },
  warn: {
    verb: 'Warn',
    busy: 'Sending…',
    done: 'Warned',
    reason: 'Warning (the member reads it)',
    explain: 'The member is sent your words as a warning; nothing else changes. The reporter is never named.',
    withEnd: false,
  },
} as const;
export type Restriction = keyof typeof RESTRICTIONS;

/** 'YYYY-MM-DDTHH:mm' in the admin's own time zone, as a datetime-local field takes it. */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * Suspend, silence or warn a member (`kind`, null: closed): the reason is what they read; a suspension or silence
 * without an end lasts until lifted.
 */
export function RestrictDialog({
  kind,
  name,
  onClose,
  onDone,
}: {
  kind: Restriction | null;
  name: string;
  onClose(): void;
  onDone(kind: Restriction, input: RestrictInput): Promise<unknown>;
}) {
  return (
    <Modal open={!!kind} onOpenChange={(o) => !o && onClose()} title={kind ? `${RESTRICTIONS[kind].verb} ${name}` : ''}>
      {kind && <RestrictForm kind={kind} onClose={onClose} onDone={(input) => onDone(kind, input)} />}
    </Modal>
  );
}

function RestrictForm({ kind, onClose, onDone }: { kind: Restriction; onClose(): void; onDone(input: RestrictInput): Promise<unknown> }) {
  const words = RESTRICTIONS[kind];
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim())
      return setProblem(kind === 'warn' ? 'Write the warning the member will read.' : 'Give the reason the member will read.');
    const end = until ? new Date(until) : null;
    if (end && end.getTime() <= Date.now()) return setProblem('The end must be in the future.');
    setProblem(null);
    setBusy(true);
    try {
      await onDone({ reason: reason.trim(), ...(end ? { until: end.toISOString() } : {}) });
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, `Could not ${words.verb.toLowerCase()} this member.`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-300">{words.explain}</p>
      <TextArea label={words.reason} value={reason} maxLength={ADMIN_LIMITS.reasonMax} onChange={(e) => setReason(e.target.value)} />
      {words.withEnd && (
        <Field
          label="Ends (optional)"
          type="datetime-local"
          value={until}
          min={localInput(new Date())}
          onChange={(e) => setUntil(e.target.value)}
          hint={`Leave empty to ${words.verb.toLowerCase()} until you lift it.`}
        />
      )}
      {problem && <Alert>{problem}</Alert>}
      <FormActions onCancel={onClose} submitLabel={words.verb} busy={busy} busyLabel={words.busy} danger={kind !== 'warn'} />
    </form>
  );
}
