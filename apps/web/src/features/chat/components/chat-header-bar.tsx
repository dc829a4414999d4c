import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { paths } from '../../../config/paths';

interface ChatHeaderBarProps {
  /** The peer's or the group's picture. */
  avatar: ReactNode;
  /** The name (a link to a person's profile). */
  title: ReactNode;
  /** Presence, the member count, or who is typing. */
  status: ReactNode;
  statusTestId: string;
  /** The actions at the end: a menu, the group's info. */
  children?: ReactNode;
}

/** The bar over a direct or group chat: the way back on a phone, the picture, the name, its status line, and actions. */
export function ChatHeaderBar({ avatar, title, status, statusTestId, children }: ChatHeaderBarProps) {
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
      {avatar}
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold">{title}</h2>
        <p data-testid={statusTestId} className="truncate text-xs text-slate-400">
          {status}
        </p>
      </div>
      {children}
    </header>
  );
}
