import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { SCAN_RADII, type InterestCategory, type ScanRadius } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';

export const RADIUS_LABELS: Record<ScanRadius, string> = { '50km': '50km', '80km': '80km', '120km': '120km', wider: 'Wider scan' };

/** A panel header that opens its body; the setup page keeps at most one open (the spec's exclusive panels). */
export function Panel({
  id,
  title,
  summary,
  open,
  onToggle,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-slate-800 bg-slate-900">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={onToggle}
          className="flex min-h-11 w-full items-center justify-between gap-3 rounded-2xl px-4 py-3 text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
        >
          <span>
            <span className="block font-semibold">{title}</span>
            <span className="block text-sm text-slate-300">{summary}</span>
          </span>
          <ChevronDown aria-hidden className={`size-5 shrink-0 transition ${open ? 'rotate-180' : ''}`} />
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open} className="border-t border-slate-800 px-4 py-3">
        {children}
      </div>
    </section>
  );
}

export function RadiusChoice({ value, onChange }: { value: ScanRadius; onChange: (radius: ScanRadius) => void }) {
  return (
    <fieldset>
      <legend className="sr-only">Search radius</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {SCAN_RADII.map((radius) => (
          <label
            key={radius}
            className={`flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-3 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400 ${
              value === radius ? 'border-brand-400 bg-brand-600 text-white' : 'border-slate-600 text-slate-100 hover:bg-slate-800'
            }`}
          >
            <input
              type="radio"
              name="scan-radius"
              value={radius}
              checked={value === radius}
              onChange={() => onChange(radius)}
              className="sr-only"
            />
            {RADIUS_LABELS[radius]}
          </label>
        ))}
      </div>
      {value === 'wider' && <p className="mt-2 text-xs text-slate-400">A wider scan reaches about 250 km.</p>}
    </fieldset>
  );
}

export function InterestChoice({
  catalogue,
  selected,
  onToggle,
}: {
  catalogue: { data?: InterestCategory[]; isPending: boolean; isError: boolean };
  selected: string[];
  onToggle: (name: string) => void;
}) {
  if (catalogue.isPending) return <Spinner label="Loading interests" />;
  if (catalogue.isError || !catalogue.data) return <Alert>The interests could not be loaded. Reload the page to try again.</Alert>;
  return (
    <div className="space-y-4">
      <p className="text-xs text-slate-400">None picked: everyone in range, those sharing your own interests first.</p>
      {catalogue.data.map((category) => (
        <fieldset key={category.id}>
          <legend className="text-sm font-semibold text-slate-100">{category.name}</legend>
          <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
            {category.sub_interests.map(({ name }) => (
              <label key={name} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-200">
                <input
                  type="checkbox"
                  checked={selected.includes(name)}
                  onChange={() => onToggle(name)}
                  className="h-5 w-5 shrink-0 accent-brand-600"
                />
                {name}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
