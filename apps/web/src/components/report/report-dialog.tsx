import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ADMIN_LIMITS, type InstanceReportBody, type ReportTargetKind } from '@tribeverse/shared';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../../lib/datetime';
import { errorMessage } from '../../lib/format';
import { toast } from '../../lib/toast';
import { Alert } from '../ui/alert';
import { FormActions } from '../ui/form-actions';
import { Modal } from '../ui/modal';
import { RadioCards } from '../ui/radio-cards';
import { TextArea } from '../ui/textarea';
import { REPORT_REASONS, type ReportReason } from './report-reasons';

/** What is reported: its kind and id as the server knows it, and how the dialog names it ("Bob's post"). */
export interface ReportSubject {
  kind: ReportTargetKind;
  id: number;
  what: string;
}

/** A message of the reported one's conversation, as the reporter sees it when choosing what goes with the report. */
export interface ReportableMessage {
  id: number;
  author: string;
  text: string;
  created_at: string;
}

export const sendReport = (body: InstanceReportBody) => api<{ id: number; status: 'open' }>('/reports', { method: 'POST', body });

/**
 * Report anything to the instance's moderators (POST /api/reports): a reason, an optional note, and for a private
 * message the messages that go with it. Moderators read only what is copied into the report, so the reporter
 * chooses: the reported message always goes, the ones before it only when ticked.
 */
export function ReportDialog({
  subject,
  messages,
  onClose,
}: {
  /** null: closed. */
  subject: ReportSubject | null;
  /** For a message: the messages offered with it, oldest first, the reported one among them. */
  messages?: ReportableMessage[];
  onClose(): void;
}) {
  return (
    <Modal open={!!subject} onOpenChange={(open) => !open && onClose()} title={subject ? `Report ${subject.what}` : 'Report'}>
      {subject && <ReportForm subject={subject} messages={messages} onDone={onClose} />}
    </Modal>
  );
}

function ReportForm({ subject, messages, onDone }: { subject: ReportSubject; messages?: ReportableMessage[]; onDone(): void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [included, setIncluded] = useState<ReadonlySet<number>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const report = useMutation({ mutationFn: sendReport });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setProblem('Choose what is wrong.');
    if (reason === 'other' && !note.trim()) return setProblem('Say in the note what is wrong.');
    setProblem(null);
    const extra = messages?.filter((m) => m.id !== subject.id && included.has(m.id)).map((m) => m.id);
    report.mutate(
      {
        target: { kind: subject.kind, id: subject.id },
        reason,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(extra?.length ? { message_ids: extra } : {}),
      },
      {
        onSuccess: () => {
          toast.success("Thank you. Your report went to this instance's moderators; you will hear what they decide.");
          onDone();
        },
        onError: (error) => setProblem(errorMessage(error, 'Could not send the report. Try again.')),
      },
    );
  };

  const toggle = (id: number, on: boolean) =>
    setIncluded((was) => {
      const next = new Set(was);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <RadioCards<ReportReason> legend="What is wrong?" name="report-reason" options={REPORT_REASONS} value={reason} onChange={setReason} />
      {messages && messages.length > 1 && (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-200">Messages to include</legend>
          <p className="mb-1 text-xs text-slate-400">
            Moderators read only the messages you send with the report. Tick earlier ones they need to understand it.
          </p>
          <ul className="flex max-h-60 flex-col gap-1 overflow-y-auto">
            {messages.map((m) => {
              const reported = m.id === subject.id;
              return (
                <li key={m.id}>
                  <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg px-2 py-2 hover:bg-slate-800">
                    <input
                      type="checkbox"
                      checked={reported || included.has(m.id)}
                      disabled={reported}
                      onChange={(e) => toggle(m.id, e.target.checked)}
                      className="mt-0.5 size-4 shrink-0 accent-brand-600"
                    />
                    <span className="min-w-0 text-sm">
                      <span className="font-medium text-slate-100">{m.author}</span>{' '}
                      <time dateTime={m.created_at} className="text-xs text-slate-400">
                        {formatDateTime(m.created_at)}
                      </time>
                      {reported && <span className="text-xs text-slate-400"> · reported</span>}
                      <span className="block break-words whitespace-pre-wrap text-slate-300">{m.text || 'An attachment'}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      <TextArea
        label={reason === 'other' ? 'Note' : 'Note (optional)'}
        value={note}
        maxLength={ADMIN_LIMITS.noteMax}
        onChange={(e) => setNote(e.target.value)}
        placeholder="Anything the moderators should know"
      />
      {problem && <Alert>{problem}</Alert>}
      <FormActions onCancel={onDone} submitLabel="Report" busy={report.isPending} busyLabel="Sending…" danger />
    </form>
  );
}
