/**
 * A choice of one among a few, each a 44 px card with its name and a line of help: the whole card is the target,
 * the chosen one is outlined, and arrow keys move between them (native radios).
 */
export function RadioCards<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: V; label: string; hint: string }>;
  value: V | null;
  onChange(value: V): void;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-2 text-sm font-medium text-slate-200">{legend}</legend>
      {options.map((o) => (
        <label
          key={o.value}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-700 px-3 py-2 hover:bg-slate-800 has-[:checked]:border-brand-400 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400"
        >
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
            className="size-4 shrink-0 accent-brand-600"
          />
          <span className="flex flex-col text-sm">
            <span className="font-medium text-slate-100">{o.label}</span>
            <span className="text-xs text-slate-400">{o.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
