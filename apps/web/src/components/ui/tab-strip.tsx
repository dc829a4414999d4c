import * as Tabs from '@radix-ui/react-tabs';
import clsx from 'clsx';
import type { ReactNode } from 'react';

/**
 * A row of underlined tabs (the list of a Radix `Tabs.Root`): one look and one touch size (44 px) for every page's
 * sections. The panels stay the caller's `Tabs.Content`, so each tab's aria-controls target exists.
 */
export function TabStrip({
  label,
  tabs,
  className,
}: {
  label: string;
  tabs: ReadonlyArray<{ value: string; label: ReactNode }>;
  className?: string;
}) {
  return (
    <Tabs.List className={clsx('flex gap-1 border-b border-slate-800', className)} aria-label={label}>
      {tabs.map((t) => (
        <Tabs.Trigger
          key={t.value}
          value={t.value}
          className="min-h-11 border-b-2 border-transparent px-4 py-2 text-sm text-slate-400 data-[state=active]:border-brand-500 data-[state=active]:text-slate-50"
        >
          {t.label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
