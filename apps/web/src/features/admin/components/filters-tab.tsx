import { useState, type FormEvent } from 'react';
import { filterEntrySchema, type FilterEntry } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ListError } from '../../../components/ui/list-error';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAdminFilters, useSaveFilters } from '../api/filters';

type Kind = FilterEntry['kind'];
type Action = FilterEntry['action'];
const KIND_WORDS: Record<Kind, string> = { word: 'Word', domain: 'Link domain' };
const ACTION_WORDS: Record<Action, string> = { refuse: 'Refuse', hold: 'Hold posts for review' };

/** Adds one entry to the list being edited; says why not when the pattern is empty, too long or already there. */
function AddEntry({ entries, onAdd }: { entries: FilterEntry[]; onAdd: (entry: FilterEntry) => void }) {
  const [pattern, setPattern] = useState('');
  const [kind, setKind] = useState<Kind>('word');
  const [action, setAction] = useState<Action>('refuse');
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = filterEntrySchema.safeParse({ pattern, kind, action });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (entries.some((x) => x.kind === parsed.data.kind && x.pattern === parsed.data.pattern)) return setError('Already in the list');
    onAdd(parsed.data);
    setPattern('');
    setError(undefined);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-start gap-3" aria-label="Add to the filters">
      <Field
        label={kind === 'word' ? 'Word' : 'Domain (its subdomains too)'}
        value={pattern}
        onChange={(e) => setPattern(e.target.value)}
        error={error}
        placeholder={kind === 'word' ? 'casino' : 'spam.example'}
        className="min-w-48 flex-1"
      />
      <Select label="Kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)} className="w-40 [&_select]:min-h-11">
        <option value="word">{KIND_WORDS.word}</option>
        <option value="domain">{KIND_WORDS.domain}</option>
      </Select>
      <Select label="Then" value={action} onChange={(e) => setAction(e.target.value as Action)} className="w-56 [&_select]:min-h-11">
        <option value="refuse">{ACTION_WORDS.refuse}</option>
        <option value="hold">{ACTION_WORDS.hold}</option>
      </Select>
      <Button type="submit" variant="secondary" className="mt-6 min-h-11">
        Add
      </Button>
    </form>
  );
}

function FiltersForm({ saved }: { saved: FilterEntry[] }) {
  const save = useSaveFilters();
  const [entries, setEntries] = useState(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const changed = JSON.stringify(entries) !== JSON.stringify(saved);
  const submit = () =>
    save.mutate(
      { entries },
      {
        onSuccess: () => {
          setProblem(null);
          toast.success('The filters are saved.');
        },
        onError: (error) => setProblem(errorMessage(error, 'Could not save the filters.')),
      },
    );
  return (
    <div className="flex flex-col gap-4">
      <AddEntry entries={entries} onAdd={(entry) => setEntries((list) => [...list, entry])} />
      {!entries.length ? (
        <p className="text-sm text-slate-400">Nothing is filtered.</p>
      ) : (
        <ul aria-label="Filtered words and domains" className="flex flex-col gap-2">
          {entries.map((entry) => (
            <li
              key={`${entry.kind}:${entry.pattern}`}
              className="flex items-center gap-3 rounded-xl border border-slate-800 bg-slate-900 px-3 py-1"
            >
              <span className="min-w-0 flex-1 truncate text-slate-100">{entry.pattern}</span>
              <span className="text-xs text-slate-400">
                {KIND_WORDS[entry.kind]} · {ACTION_WORDS[entry.action]}
              </span>
              <Button
                variant="secondary"
                className="min-h-11"
                aria-label={`Remove ${entry.pattern}`}
                onClick={() => setEntries((list) => list.filter((x) => x !== entry))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {problem && <Alert>{problem}</Alert>}
      <div className="flex items-center gap-3">
        <Button className="min-h-11" disabled={save.isPending || !changed} onClick={submit}>
          {save.isPending ? 'Saving…' : 'Save filters'}
        </Button>
        {changed && <span className="text-sm text-slate-400">Unsaved changes</span>}
      </div>
    </div>
  );
}

/** Words and link domains the instance refuses or holds (admins only): edited here as a list, saved in one go. */
export function FiltersTab() {
  const filters = useAdminFilters();
  return (
    <section aria-labelledby="filters-title" className="flex flex-col gap-4">
      <div>
        <h2 id="filters-title" className="text-lg font-semibold">
          Filters
        </h2>
        <p className="text-sm text-slate-400">
          Posts, comments, messages, names and bios containing these are refused. A word matches whole, in any case; a domain matches links
          to it and its subdomains. What a “hold” entry catches is kept for review instead: its author alone sees it until a moderator lets
          it through, under Held for review.
        </p>
      </div>
      {filters.isPending ? (
        <Spinner label="Loading filters" />
      ) : filters.isError ? (
        <ListError onRetry={() => void filters.refetch()}>Could not load the filters.</ListError>
      ) : (
        <FiltersForm key={JSON.stringify(filters.data.entries)} saved={filters.data.entries} />
      )}
    </section>
  );
}
