import { Link } from 'react-router';
import { ArrowLeft, Info } from 'lucide-react';
import type { Group } from '@tribeverse/shared';
import { Avatar } from '../../../components/ui/avatar';
import { paths } from '../../../config/paths';
import { plural } from '../../../lib/plural';

/** The group's picture (or initials), name, member count or who is typing, and the button to its info panel. */
export function GroupHeader({ group, typing, onInfo }: { group: Group | undefined; typing: string; onInfo?: () => void }) {
  const name = group?.name ?? 'Group';
  return (
    <header className="flex items-center gap-3 border-b border-slate-800 pb-2">
      {/* On a phone the conversation has the whole screen: this is the way back to the list. */}
      <Link
        to={paths.chat.private.list.getHref()}
        aria-label="Back to chats"
        className="-ml-2 flex size-11 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 md:hidden"
      >
        <ArrowLeft className="size-5" />
      </Link>
      <span aria-hidden>
        <Avatar src={group?.avatar} name={name} size={40} />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold">{name}</h2>
        <p data-testid="group-status" className="truncate text-xs text-slate-400">
          {typing || (group ? plural(group.members.length, 'member', 'members') : '')}
        </p>
      </div>
      {onInfo && (
        <button
          type="button"
          onClick={onInfo}
          aria-label="Group info"
          aria-haspopup="dialog"
          className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-300 hover:bg-slate-800 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
        >
          <Info className="size-5" aria-hidden />
        </button>
      )}
    </header>
  );
}
