import { useState, type ComponentProps, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ListError } from '../../../components/ui/list-error';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/datetime';
import { errorMessage } from '../../../lib/format';
import { toast } from '../../../lib/toast';

/**
 * One of the admin area's queues (reports, appeals, held posts, the audit log) as it loads: a spinner, the error
 * with a retry, what an empty queue says, or its items. `what` ('appeals') names the queue in the loading and error
 * lines.
 */
export function QueueList<T>({
  query,
  items,
  what,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch(): unknown };
  items: T[];
  what: string;
  empty: ReactNode;
  children(items: T[]): ReactNode;
}) {
  if (query.isPending) return <Spinner label={`Loading ${what}`} />;
  if (query.isError) return <ListError onRetry={() => void query.refetch()}>{`Could not load the ${what}.`}</ListError>;
  if (!items.length) return <p className="text-slate-400">{empty}</p>;
  return children(items);
}

/** A case in a queue to decide on (a report, an appeal, a held post): its title and when it came in, then the case. */
export function CaseCard({ label, title, at, children }: { label: string; title: ReactNode; at: string; children: ReactNode }) {
  return (
    <article aria-label={label} className="flex flex-col gap-3 rounded-2xl border border-slate-800 bg-slate-900 p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold text-slate-50">{title}</h3>
        <time dateTime={at} className="text-xs text-slate-400">
          {formatDateTime(at)}
        </time>
      </header>
      {children}
    </article>
  );
}

/**
 * A case's two ways out (reverse or keep an action, release or remove a post), with a note for the member typed
 * above them. `vars` makes the mutation's input from the choice and the note (trimmed; none when none was written);
 * the admin is told how it went: `done(choice)`, or the server's reason with `failed` as the fallback.
 */
export function Decision<V>({
  noteLabel,
  yes,
  no,
  noVariant,
  mutation,
  vars,
  done,
  failed,
}: {
  noteLabel: string;
  yes: string;
  no: string;
  noVariant: ComponentProps<typeof Button>['variant'];
  mutation: { isPending: boolean; mutate(vars: V, options: { onSuccess(): void; onError(e: Error): void }): void };
  vars(yes: boolean, note?: string): V;
  done(yes: boolean): string;
  failed: string;
}) {
  const [note, setNote] = useState('');
  const busy = mutation.isPending;
  const decide = (choice: boolean) =>
    mutation.mutate(vars(choice, note.trim() || undefined), {
      onSuccess: () => toast.success(done(choice)),
      onError: (e) => toast.error(errorMessage(e, failed)),
    });
  return (
    <>
      <Field label={noteLabel} value={note} onChange={(e) => setNote(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <Button className="min-h-11" disabled={busy} onClick={() => decide(true)}>
          {yes}
        </Button>
        <Button variant={noVariant} className="min-h-11" disabled={busy} onClick={() => decide(false)}>
          {no}
        </Button>
      </div>
    </>
  );
}
