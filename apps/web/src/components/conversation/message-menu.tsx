import clsx from 'clsx';
import { QUICK_REACTIONS } from '@tribeverse/shared';
import { Copy, EllipsisVertical, Flag, Forward, Pencil, Pin, PinOff, Reply, Trash2 } from 'lucide-react';
import { isRemoved, type TimelineMessage } from '../../lib/conversation/message';
import { Menu, MenuContent, MenuGroup, MenuItem, MenuSeparator, MenuTrigger } from '../ui/menu';
import { emojiOf } from './emoji-of';

export interface MessageActions<M extends TimelineMessage = TimelineMessage> {
  /** Absent where the member cannot write (an announcements channel): no Reply, no swipe to reply. */
  onReply?(message: M): void;
  /** Absent where the member cannot write: no Edit. */
  onEdit?(message: M): void;
  /** A direct chat asks 'for me' or 'for everyone' (only the sender may delete for everyone). */
  onDelete(message: M): void;
  onReact(message: M, emoji: string, on: boolean): void;
  /** Whether Delete is offered (default: always, as a direct chat's 'Delete for me' is). */
  canDelete?(message: M): boolean;
  /** The Delete item's words for this message ('Remove…' for a moderator taking down another's); 'Delete…' by default. */
  deleteLabel?(message: M): string;
  /** Reports another member's message to the conversation's moderators (offered on others' messages only). */
  onReport?(message: M): void;
  /** Pins (`pinned` true) or unpins the message, where `canPin` allows. */
  onPin?(message: M, pinned: boolean): void;
  canPin?(message: M): boolean;
  /** Opens the 'Forward…' dialog (a direct chat or group to send a copy to); offered on every message still there. */
  onForward?(message: M): void;
}

/**
 * A message's actions: a long press on a phone (as in Telegram) or a right click on a desktop, and the ⋮ button
 * beside the message, which shows on a desktop when the message is hovered or the button focused (Tab reaches it;
 * screen readers always find it), and never takes room on a touch screen. Quick reactions first, then reply, copy,
 * edit, pin, report and delete.
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
        className={clsx(
          'flex size-11 shrink-0 items-center justify-center self-center rounded-full text-slate-400 hover:bg-slate-800 hover:text-slate-100 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none',
          // Nothing on the bubble until the message is hovered, the button focused or its menu open (on a touch screen
          // only a keyboard's focus shows it: the focus a long press leaves behind does not).
          'opacity-0 focus-visible:opacity-100',
          'pointer-fine:group-focus-within/message:opacity-100 pointer-fine:group-hover/message:opacity-100 pointer-fine:data-[state=open]:opacity-100',
          // On a touch screen the long press opens the menu: the button takes no room and no tap, and the menu opens
          // under the message's own corner.
          'pointer-coarse:pointer-events-none pointer-coarse:absolute pointer-coarse:bottom-0',
          own ? 'pointer-coarse:right-0' : 'pointer-coarse:left-0',
        )}
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
            {actions.onReply && (
              <MenuItem icon={<Reply className="size-4" aria-hidden />} onSelect={() => actions.onReply?.(message)}>
                Reply
              </MenuItem>
            )}
            {actions.onForward && (
              <MenuItem icon={<Forward className="size-4" aria-hidden />} onSelect={() => actions.onForward?.(message)}>
                Forward…
              </MenuItem>
            )}
            {message.text && (
              <MenuItem
                icon={<Copy className="size-4" aria-hidden />}
                onSelect={() => void navigator.clipboard?.writeText(message.text).catch(() => undefined)}
              >
                Copy text
              </MenuItem>
            )}
            {own && message.text && actions.onEdit && (
              <MenuItem icon={<Pencil className="size-4" aria-hidden />} onSelect={() => actions.onEdit?.(message)}>
                Edit
              </MenuItem>
            )}
            {actions.onPin && actions.canPin?.(message) && (
              <MenuItem
                icon={message.pinned ? <PinOff className="size-4" aria-hidden /> : <Pin className="size-4" aria-hidden />}
                onSelect={() => actions.onPin?.(message, !message.pinned)}
              >
                {message.pinned ? 'Unpin' : 'Pin'}
              </MenuItem>
            )}
            {!own && actions.onReport && (
              <MenuItem icon={<Flag className="size-4" aria-hidden />} onSelect={() => actions.onReport?.(message)}>
                Report…
              </MenuItem>
            )}
          </>
        )}
        {(actions.canDelete?.(message) ?? true) && (
          <MenuItem danger icon={<Trash2 className="size-4" aria-hidden />} onSelect={() => actions.onDelete(message)}>
            {actions.deleteLabel?.(message) ?? 'Delete…'}
          </MenuItem>
        )}
      </MenuContent>
    </Menu>
  );
}
