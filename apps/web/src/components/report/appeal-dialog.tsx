import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ADMIN_LIMITS, type Appeal } from '@tribeverse/shared';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/format';
import { toast } from '../../lib/toast';
import { Alert } from '../ui/alert';
import { FormActions } from '../ui/form-actions';
import { Modal } from '../ui/modal';
import { TextArea } from '../ui/textarea';

/**
 * What is appealed: a moderators' action about the member (the `action_id` of its notification), or, signed out, their
 * suspension with the token the refused sign-in answered.
 */
export type AppealSubject = { kind: 'action'; actionId: number; what: string } | { kind: 'suspension'; token: string };

const sendAppeal = ({ subject, text }: { subject: AppealSubject; text: string }) =>
  subject.kind === 'action'
    ? api<Appeal>('/appeals', { method: 'POST', body: { action_id: subject.actionId, text } })
    : api<Appeal>('/appeals/suspension', { method: 'POST', body: { token: subject.token, text } });

/** One appeal per decision: the member says why it should be reversed, and hears what the moderators decide. */
export function AppealDialog({ subject, onClose }: { subject: AppealSubject | null; onClose(): void }) {
  const title =
    subject?.kind === 'suspension' ? 'Appeal your suspension' : `Appeal the removal${subject ? ` of your ${subject.what}` : ''}`;
  return (
    <Modal open={!!subject} onOpenChange={(open) => !open && onClose()} title={title}>
      {subject && <AppealForm subject={subject} onDone={onClose} />}
    </Modal>
  );
}

function AppealForm({ subject, onDone }: { subject: AppealSubject; onDone(): void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const appeal = useMutation({ mutationFn: sendAppeal });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setProblem('Say why this should be reversed.');
    setProblem(null);
    appeal.mutate(
      { subject, text: text.trim() },
      {
        onSuccess: () => {
          toast.success(
            subject.kind === 'suspension'
              ? 'Your appeal went to the moderators: we will mail you what they decide.'
              : 'Your appeal went to the moderators: you will hear what they decide.',
          );
          onDone();
        },
        onError: (error) => setProblem(errorMessage(error, 'Could not send the appeal. Try again.')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-300">You can appeal each decision once. The moderators read your words and decide again.</p>
      <TextArea
        label="Why should this be reversed?"
        value={text}
        maxLength={ADMIN_LIMITS.noteMax}
        onChange={(e) => setText(e.target.value)}
        autoFocus
      />
      {problem && <Alert>{problem}</Alert>}
      <FormActions onCancel={onDone} submitLabel="Send appeal" busy={appeal.isPending} busyLabel="Sending…" />
    </form>
  );
}
