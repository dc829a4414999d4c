import clsx from 'clsx';

export interface Choice<T extends string | number> {
  value: T;
  label: string;
}

/**
 * A native select over a table of choices, for a setting or filter that applies as soon as it is picked. It hands
 * back the choice's own value (a number stays a number), so callers need no casts from the element's string.
 */
export function ChoiceSelect<T extends string | number>({
  choices,
  value,
  onChange,
  label,
  disabled,
  className = 'px-2 py-1 text-sm',
}: {
  choices: ReadonlyArray<Choice<T>>;
  value: T;
  onChange: (value: T) => void;
  /** The accessible name, where no visible label wraps the select. */
  label?: string;
  disabled?: boolean;
  /** Padding and text size: compact in a settings row by default. */
  className?: string;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => {
        const picked = choices.find((c) => String(c.value) === e.target.value);
        if (picked) onChange(picked.value);
      }}
      className={clsx('min-h-11 rounded-lg border border-slate-700 bg-slate-900', className)}
    >
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </select>
  );
}
