import { useId, useRef, useState, type FormEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_QUESTION_MAX } from '@tribeverse/shared';
import type { PollDraft } from '../../lib/api/polls';
import { errorMessage } from '../../lib/format';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { Modal } from '../ui/modal';

const inputClass =
  'min-h-11 w-full rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-400';

/** What the form holds wrong, in the words the member sees; null when it can go. */
function problem(question: string, options: string[], closesAt: string): string | null {
  if (!question.trim()) return 'Ask a question.';
  const filled = options.map((o) => o.trim());
  if (filled.some((o) => !o)) return 'Fill in every option, or remove the empty ones.';
  if (filled.length < POLL_OPTIONS_MIN) return `A poll has at least ${POLL_OPTIONS_MIN} options.`;
  if (new Set(filled.map((o) => o.toLowerCase())).size < filled.length) return 'Options must differ.';
  if (closesAt && !(new Date(closesAt).getTime() > Date.now() + 60_000)) return 'Pick a closing time in the future.';
  return null;
}

export interface PollDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Sends the poll (or keeps it for the post being written); a rejection is shown in the dialog, which stays open. */
  onSubmit(draft: PollDraft): Promise<unknown> | void;
  submitLabel?: string;
}

/**
 * The poll composer: a question, 2–10 options (added and removed), one or several choices, anonymous or not, an
 * optional closing time. Every control is labelled and reachable by keyboard; focus goes to a new option's field.
 */
export function PollDialog({ open, onOpenChange, onSubmit, submitLabel = 'Create poll' }: PollDialogProps) {
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState(['', '']);
  const [multiple, setMultiple] = useState(false);
  const [anonymous, setAnonymous] = useState(false);
  const [closesAt, setClosesAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const id = useId();

  const reset = () => {
    setQuestion('');
    setOptions(['', '']);
    setMultiple(false);
    setAnonymous(false);
    setClosesAt('');
    setError(null);
  };

  const addOption = () => {
    setOptions((current) => [...current, '']);
    requestAnimationFrame(() => list.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wrong = problem(question, options, closesAt);
    setError(wrong);
    if (wrong) return;
    setSending(true);
    try {
      await onSubmit({
        question: question.trim(),
        options: options.map((o) => o.trim()),
        multiple,
        anonymous,
        closes_at: closesAt ? new Date(closesAt).toISOString() : null,
      });
      reset();
      onOpenChange(false);
    } catch (failure) {
      setError(errorMessage(failure, 'The poll could not be made.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="New poll">
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" noValidate>
        <fieldset disabled={sending} className="contents">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-200">
            Question
            <input
              value={question}
              onChange={(e) => setQuestion(e.target.value)}
              maxLength={POLL_QUESTION_MAX}
              placeholder="Ask something"
              className={inputClass}
            />
          </label>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-200">
              Options ({options.length}/{POLL_OPTIONS_MAX})
            </legend>
            <ol ref={list} className="flex flex-col gap-2">
              {options.map((option, i) => (
                <li key={i} className="flex items-center gap-1">
                  <input
                    id={`${id}-option-${i}`}
                    aria-label={`Option ${i + 1}`}
                    value={option}
                    maxLength={POLL_OPTION_MAX}
                    placeholder={`Option ${i + 1}`}
                    onChange={(e) => setOptions((current) => current.map((o, j) => (j === i ? e.target.value : o)))}
                    className={inputClass}
                  />
                  {options.length > POLL_OPTIONS_MIN && (
                    <button
                      type="button"
                      aria-label={`Remove option ${i + 1}`}
                      onClick={() => setOptions((current) => current.filter((_, j) => j !== i))}
                      className="flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
                    >
                      <X className="size-4" />
                    </button>
                  )}
                </li>
              ))}
            </ol>
            {options.length < POLL_OPTIONS_MAX && (
              <Button variant="secondary" onClick={addOption} className="min-h-11 self-start">
                <Plus className="size-4" /> Add option
              </Button>
            )}
          </fieldset>
          <Checkbox label="Allow several choices" checked={multiple} onChange={(e) => setMultiple(e.target.checked)} />
          <Checkbox label="Anonymous: nobody sees who voted" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-200">
            Closes (optional)
            <input type="datetime-local" value={closesAt} onChange={(e) => setClosesAt(e.target.value)} className={inputClass} />
          </label>
          {error && (
            <p role="alert" className="text-sm text-red-300">
              {error}
            </p>
          )}
        </fieldset>
        <Button type="submit" disabled={sending} className="min-h-11">
          {sending ? 'Sending…' : submitLabel}
        </Button>
      </form>
    </Modal>
  );
}
