import { Info } from 'lucide-react';
import type { Group } from '@tribeverse/shared';
import { Avatar } from '../../../components/ui/avatar';
import { plural } from '../../../lib/plural';
import { ChatHeaderBar } from './chat-header-bar';

/** The group's picture (or initials), name, member count or who is typing, and the button to its info panel. */
export function GroupHeader({ group, typing, onInfo }: { group: Group | undefined; typing: string; onInfo?: () => void }) {
  const name = group?.name ?? 'Group';
  return (
    <ChatHeaderBar
      avatar={
        <span aria-hidden>
          <Avatar src={group?.avatar} name={name} size={40} />
        </span>
      }
      title={name}
      status={typing || (group ? plural(group.members.length, 'member', 'members') : '')}
      statusTestId="group-status"
    >
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
    </ChatHeaderBar>
  );
}
