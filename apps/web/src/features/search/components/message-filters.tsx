import clsx from 'clsx';
import { FileText, Image, X } from 'lucide-react';
import { useState } from 'react';
import { filterValue, withFilter, type FilterKey } from './query-words';

const chip =
  'inline-flex min-h-11 shrink-0 whitespace-nowrap items-center gap-1.5 rounded-full border px-3 text-sm focus-within:ring-2 focus-within:ring-brand-400 focus-visible:outline-none';
const off = 'border-slate-700 bg-slate-900 text-slate-200 hover:bg-slate-800';
const on = 'border-brand-400 bg-brand-600/20 text-slate-50';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A word filter (`from:`, `in:`) typed into its chip: it reaches the box on Enter or on leaving the chip. `in:` takes
 * `@username` for a direct chat; a message result's 'In …' button fills it with a group or a channel.
 */
function WordChip({
  q,
  name,
  label,
  hint,
  onChange,
}: {
  q: string;
  name: FilterKey;
  label: string;
  hint: string;
  onChange(q: string): void;
}) {
  const value = filterValue(q, name);
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null && draft.trim() !== value) onChange(withFilter(q, name, name === 'from' ? draft.replace(/^@/, '') : draft));
    setDraft(null);
  };
  return (
    <label className={clsx(chip, value ? on : off)}>
      <span>{label}</span>
      <input
        value={draft ?? value}
        placeholder={hint}
        autoComplete="off"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        className="w-24 bg-transparent text-slate-100 placeholder:text-slate-400 focus:outline-none"
      />
    </label>
  );
}

function DateChip({ q, name, label, onChange }: { q: string; name: 'before' | 'after'; label: string; onChange(q: string): void }) {
  const value = filterValue(q, name);
  return (
    <label className={clsx(chip, value ? on : off)}>
      <span>{label}</span>
      <input
        type="date"
        value={DAY.test(value) ? value : ''}
        onChange={(e) => onChange(withFilter(q, name, e.target.value))}
        className="bg-transparent text-slate-100 focus:outline-none"
      />
    </label>
  );
}

/**
 * The message filters as chips. Each one only edits its word in the box (`from:`, `in:`, `has:file` or `has:image`,
 * `before:`, `after:`), so a filter typed in the box shows on its chip and a chip's shows in the box. A group or a
 * channel (`in:group:7`) shows by its name, `placeName`, once a result has told it.
 */
export function MessageFilters({ q, onChange, placeName }: { q: string; onChange(q: string): void; placeName?: string }) {
  const has = filterValue(q, 'has').toLowerCase();
  // One or the other: a picture is a file too, so 'with a file' finds pictures as well.
  const toggle = (kind: 'file' | 'image', label: string, Icon: typeof Image) => {
    const pressed = has === kind;
    return (
      <button
        type="button"
        aria-pressed={pressed}
        onClick={() => onChange(withFilter(q, 'has', pressed ? '' : kind))}
        className={clsx(chip, pressed ? on : off)}
      >
        <Icon className="size-4" aria-hidden />
        {label}
      </button>
    );
  };
  return (
    // On a phone one row that scrolls sideways (its padding keeps the focus ring in view), not four rows of chips.
    <fieldset className="flex min-w-0 gap-2 overflow-x-auto p-1 sm:flex-wrap sm:overflow-visible sm:p-0">
      <legend className="sr-only">Filter messages</legend>
      <WordChip q={q} name="from" label="From" hint="username" onChange={onChange} />
      {/^(group|channel):/i.test(filterValue(q, 'in')) ? (
        <span className={clsx(chip, on, 'pr-0')}>
          In {placeName ?? filterValue(q, 'in')}
          <button
            type="button"
            aria-label={`Search everywhere, not only in ${placeName ?? filterValue(q, 'in')}`}
            onClick={() => onChange(withFilter(q, 'in', ''))}
            className="flex size-11 items-center justify-center rounded-full hover:bg-slate-800 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
          >
            <X className="size-4" aria-hidden />
          </button>
        </span>
      ) : (
        <WordChip q={q} name="in" label="In" hint="@username" onChange={onChange} />
      )}
      {toggle('file', 'With a file', FileText)}
      {toggle('image', 'With a picture', Image)}
      <DateChip q={q} name="after" label="After" onChange={onChange} />
      <DateChip q={q} name="before" label="Before" onChange={onChange} />
    </fieldset>
  );
}
