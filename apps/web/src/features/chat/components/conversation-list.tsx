import clsx from 'clsx';
import { useNavigate } from 'react-router';
import type { Conversation } from '@tribeverse/shared';
import { paths } from '../../../config/paths';
import { Avatar } from '../../../components/ui/avatar';
import { useOpenChat } from '../stores/open-chat';
import { useToday } from '../../../lib/use-today';
import { listTime, DEFAULT_AVATAR, displayName } from './format';

function preview(c: Conversation, me: number) {
  const last = c.last_message;
  if (!last) return '';
  const body = last.deleted ? 'Message deleted' : last.text || (last.media_type?.startsWith('image/') ? 'Photo' : 'Attachment');
  return last.sender_id === me ? `You: ${body}` : body;
}

/** The conversation-list view: a row opens /chat/{index of the row in the full list}. */
export function ConversationList({
  conversations,
  visible,
  me,
  activePeerId,
}: {
  conversations: Conversation[];
  visible: Conversation[];
  me: number;
  activePeerId: number | null;
}) {
  const navigate = useNavigate();
  // The chat being read has nothing unread, even if a list fetched a moment before its read says otherwise.
  const reading = useOpenChat();
  const today = useToday();
  if (!visible.length) return <p className="p-4 text-center text-sm text-slate-400">Invalid search</p>;
  return (
    <ul aria-label="Conversations" className="flex flex-col">
      {visible.map((c) => {
        const index = conversations.indexOf(c);
        const name = displayName(c.peer);
        const seen = c.peer.online ? null : c.peer.last_seen;
        const unread = c.peer.id === reading ? 0 : c.unread;
        return (
          <li key={c.peer.id}>
            <button
              type="button"
              onClick={() => navigate(paths.chat.entry.getHref(index))}
              className={clsx(
                'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left hover:bg-slate-800',
                activePeerId === c.peer.id && 'bg-slate-800',
              )}
            >
              <Avatar src={c.peer.avatar || DEFAULT_AVATAR} name={name} size={42} online={c.peer.online} />
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-medium">{name}</span>
                  {seen && <span className="shrink-0 text-xs text-slate-400">{listTime(seen, today)}</span>}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-slate-400">{preview(c, me)}</span>
                  {unread > 0 && (
                    <span
                      data-testid={`unread-${c.peer.id}`}
                      aria-label={`${unread} unread`}
                      className="shrink-0 rounded-full bg-brand-600 px-2 text-xs font-semibold text-white"
                    >
                      {unread}
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
