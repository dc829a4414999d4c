import clsx from 'clsx';
import { useState } from 'react';
import { COMMUNITY_LIMITS } from '@tribeverse/shared';
import { Spinner } from '../../../components/ui/spinner';
import { useInterestNames } from '../../../lib/api/interests';
import { SearchInput } from '../../../components/ui/search-input';

/** Tags from the interest catalogue as toggle chips, with a filter box: at most COMMUNITY_LIMITS.interestsMax. */
export function InterestPicker({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const { names, isPending, isError } = useInterestNames();
  const [filter, setFilter] = useState('');
  const full = value.length >= COMMUNITY_LIMITS.interestsMax;
  const shown = names.filter((n) => n.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-200">
        Interests{' '}
        <span className="font-normal text-slate-400">
          ({value.length}/{COMMUNITY_LIMITS.interestsMax})
        </span>
      </legend>
      <SearchInput label="Filter interests" value={filter} onChange={setFilter} className="min-h-11" />
      {isPending ? (
        <Spinner label="Loading interests" />
      ) : isError ? (
        <p className="text-sm text-red-300">Could not load the interests.</p>
      ) : (
        <div className="flex max-h-40 flex-wrap gap-1.5 overflow-y-auto">
          {shown.map((name) => {
            const on = value.includes(name);
            return (
              <button
                key={name}
                type="button"
                aria-pressed={on}
                disabled={!on && full}
                onClick={() => onChange(on ? value.filter((v) => v !== name) : [...value, name])}
                className={clsx(
                  'min-h-11 rounded-full border px-3 text-sm disabled:opacity-50',
                  on ? 'border-brand-400 bg-brand-600 text-white' : 'border-slate-700 text-slate-200 hover:bg-slate-800',
                )}
              >
                {name}
              </button>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
