import clsx from 'clsx';
import { QUICK_REACTIONS } from '@tribeverse/shared';
import { Copy, EllipsisVertical, Pencil, Reply, Trash2 } from 'lucide-react';
import { isRemoved, type TimelineMessage } from '../../lib/conversation/message';
import { Menu, MenuContent, MenuGroup, MenuItem, MenuSeparator, MenuTrigger } from '../ui/menu';
import { emojiOf } from './emoji-of';

export interface MessageActions<M extends TimelineMessage = TimelineMessage> {
  onReply(message: M): void;
  onEdit(message: M): void;
  /** A direct chat asks 'for me' or 'for everyone' (only the sender may delete for everyone). */
  onDelete(message: M): void;
  onReact(message: M, emoji: string, on: boolean): void;
  /** Whether Delete is offered (default: always, as a direct chat's 'Delete for me' is). */
  canDelete?(message: M): boolean;
}

/**
 * A message's actions: the ⋮ button beside it (always visible, 44 px, for mouse, keyboard and screen readers), a
 * long press on a phone or a right click on a desktop. Quick reactions first, then reply, copy, edit and delete.
 */
export function MessageMenu<M extends TimelineMessage>({
  message,
  me,
  actions,
  open,
  onOpenChange,
}: {
  message: M;
  me: number;
  actions: MessageActions<M>;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const own = message.sender_id === me;
  const live = !message.deleted && !isRemoved(message);
  return (
    <Menu open={open} onOpenChange={onOpenChange}>
      <MenuTrigger
        aria-label="Message actions"
        className="flex size-11 shrink-0 items-center justify-center self-center rounded-full text-slate-400 hover:bg-slate-800 hover:text-slate-100 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
      >
        <EllipsisVertical className="size-5" aria-hidden />
      </MenuTrigger>
      <MenuContent align={own ? 'end' : 'start'} aria-label="Message actions">
        {live && (
          <>
            <MenuGroup aria-label="Quick reactions" className="flex justify-between gap-0.5">
              {QUICK_REACTIONS.map((emoji) => {
                const mine = message.reactions.some((r) => r.emoji === emoji && r.user_ids.includes(me));
                return (
                  <MenuItem
                    key={emoji}
                    aria-label={`React ${emojiOf(emoji)}`}
                    aria-checked={mine}
                    role="menuitemcheckbox"
                    onSelect={() => actions.onReact(message, emoji, !mine)}
                    className={clsx('size-11 justify-center px-0 text-xl', mine && 'bg-brand-600/40')}
                  >
                    <span className="emoji">{emojiOf(emoji)}</span>
                  </MenuItem>
                );
              })}
            </MenuGroup>
            <MenuSeparator />
            <MenuItem icon={<Reply className="size-4" aria-hidden />} onSelect={() => actions.onReply(message)}>
              Reply
            </MenuItem>
            {message.text && (
              <MenuItem
                icon={<Copy className="size-4" aria-hidden />}
                onSelect={() => void navigator.clipboard?.writeText(message.text).catch(() => undefined)}
              >
                Copy text
              </MenuItem>
            )}
            {own && message.text && (
              <MenuItem icon={<Pencil className="size-4" aria-hidden />} onSelect={() => actions.onEdit(message)}>
                Edit
              </MenuItem>
            )}
          </>
        )}
        {(actions.canDelete?.(message) ?? true) && (
          <MenuItem danger icon={<Trash2 className="size-4" aria-hidden />} onSelect={() => actions.onDelete(message)}>
            Delete…
          </MenuItem>
        )}
      </MenuContent>
    </Menu>
  );
}
