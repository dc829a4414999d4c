import clsx from 'clsx';

/** A field that filters a list as one types, named by `label` for screen readers (the placeholder says it too). */
export function SearchInput({
  label,
  placeholder = label,
  value,
  onChange,
  className,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange(value: string): void;
  className?: string;
}) {
  return (
    <input
      type="search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={placeholder}
      aria-label={label}
      className={clsx(
        'rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-400 focus:outline-none',
        className,
      )}
    />
  );
}
