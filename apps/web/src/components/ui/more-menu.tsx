import clsx from 'clsx';
import { Ellipsis } from 'lucide-react';
import type { ReactNode } from 'react';
import { Menu, MenuContent, MenuTrigger } from './menu';

/** The '⋯' button and its menu on a profile, a post, a comment or a community: 44 px, named for what it is about. */
export function MoreMenu({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <Menu>
      <MenuTrigger
        aria-label={label}
        className={clsx(
          'flex size-11 shrink-0 items-center justify-center rounded-full text-slate-300 hover:bg-slate-800 hover:text-slate-50 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none',
          className,
        )}
      >
        <Ellipsis className="size-5" aria-hidden />
      </MenuTrigger>
      <MenuContent align="end" aria-label={label}>
        {children}
      </MenuContent>
    </Menu>
  );
}
