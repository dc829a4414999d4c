import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** The end of an account flow: a tick, what happened, and the one way on. */
export function DonePanel({
  title,
  children,
  actionLabel,
  onAction,
}: {
  title: string;
  children: ReactNode;
  actionLabel: string;
  onAction: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <div className="flex h-16 w-16 items-center justify-center rounded-full bg-emerald-500/20 text-emerald-300" aria-hidden>
        <Check className="size-8" />
      </div>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-sm text-slate-400">{children}</p>
      <Button className="w-full" onClick={onAction}>
        {actionLabel}
      </Button>
    </div>
  );
}
