import { useState, type FormEvent } from 'react';
import { ADMIN_LIMITS } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { TextArea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/format';

export interface SuspendInput {
  reason: string;
  /** ISO time; absent: until lifted. */
  until?: string;
}

/** 'YYYY-MM-DDTHH:mm' in the admin's own time zone, as a datetime-local field takes it. */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * Suspend a member: the reason is what they read when they try to sign in; without an end the suspension lasts
 * until lifted. Their sessions end at once.
 */
export function SuspendDialog({
  name,
  open,
  onClose,
  onSuspend,
}: {
  name: string;
  open: boolean;
  onClose(): void;
  onSuspend(input: SuspendInput): Promise<unknown>;
}) {
  return (
    <Modal open={open} onOpenChange={(o) => !o && onClose()} title={`Suspend ${name}`}>
      {open && <SuspendForm onClose={onClose} onSuspend={onSuspend} />}
    </Modal>
  );
}

function SuspendForm({ onClose, onSuspend }: { onClose(): void; onSuspend(input: SuspendInput): Promise<unknown> }) {
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setProblem('Give the reason the member will read.');
    const end = until ? new Date(until) : null;
    if (end && end.getTime() <= Date.now()) return setProblem('The end must be in the future.');
    setProblem(null);
    setBusy(true);
    try {
      await onSuspend({ reason: reason.trim(), ...(end ? { until: end.toISOString() } : {}) });
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, 'Could not suspend this member.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-300">
        Their sessions end at once, their profile and content are hidden, and signing in shows them the reason.
      </p>
      <TextArea
        label="Reason (the member reads it)"
        value={reason}
        maxLength={ADMIN_LIMITS.reasonMax}
        onChange={(e) => setReason(e.target.value)}
      />
      <Field
        label="Ends (optional)"
        type="datetime-local"
        value={until}
        min={localInput(new Date())}
        onChange={(e) => setUntil(e.target.value)}
        hint="Leave empty to suspend until you lift it."
      />
      {problem && <Alert>{problem}</Alert>}
      <FormActions onCancel={onClose} submitLabel="Suspend" busy={busy} busyLabel="Suspending…" danger />
    </form>
  );
}
