import clsx from 'clsx';
import { useState } from 'react';
import { QUICK_REACTIONS, type ChatMessage } from '@tribeverse/shared';
import { Check, CheckCheck, Paperclip, SmilePlus, Timer } from 'lucide-react';
import type { PendingMessage } from '../stores/outbox';
import { remainingLabel, useExpiryClock } from './expiry';
import { clockTime } from './format';

/** '2764-fe0f' -> '❤️' */
export const emojiOf = (unified: string) => String.fromCodePoint(...unified.split('-').map((h) => parseInt(h, 16)));

function Media({ message }: { message: ChatMessage }) {
  if (!message.media_url) return null;
  if (message.media_type?.startsWith('image/')) {
    return (
      <a href={message.media_url} target="_blank" rel="noreferrer">
        <img src={message.media_url} alt={message.file_name ?? 'Image'} className="mb-1 max-h-64 rounded-lg" />
      </a>
    );
  }
  return (
    <a href={message.media_url} target="_blank" rel="noreferrer" className="mb-1 block underline" title={message.file_name ?? undefined}>
      Attachment
      {message.file_name && <span className="ml-1 text-xs opacity-75">({message.file_name})</span>}
    </a>
  );
}

export interface MessageActions {
  onReply(message: ChatMessage): void;
  onEdit(message: ChatMessage): void;
  onDelete(message: ChatMessage): void;
  onReact(message: ChatMessage, emoji: string, on: boolean): void;
}

export function MessageBubble({ message, me, actions }: { message: ChatMessage; me: number; actions: MessageActions }) {
  const own = message.sender_id === me;
  const [menu, setMenu] = useState(false);
  const now = useExpiryClock(message.expires_at);
  // Auto-deleted: gone for both people once the time is up, before or after the server clears it.
  if (message.expires_at && Date.parse(message.expires_at) <= now) return null;
  const left = message.expires_at && !message.deleted ? remainingLabel(message.expires_at, now) : '';
  return (
    <li data-testid="message" data-own={own} className={clsx('group flex flex-col', own ? 'items-end' : 'items-start')}>
      <div
        className={clsx(
          'max-w-[80%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
          own ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-slate-800 text-slate-100',
        )}
      >
        {message.reply_to && (
          <p className="mb-1 border-l-2 border-white/40 pl-2 text-xs opacity-80">
            {message.reply_to.deleted ? 'Message deleted' : message.reply_to.text || 'Attachment'}
          </p>
        )}
        {message.deleted ? (
          <em className="opacity-70">Message deleted</em>
        ) : (
          <>
            <Media message={message} />
            {message.text && <span>{message.text}</span>}
          </>
        )}
        <span className="ml-2 inline-flex items-center gap-1 align-bottom text-[10px] opacity-70">
          {message.edited_at && !message.deleted && <span>edited</span>}
          {left && (
            <span className="inline-flex items-center gap-0.5" title={`Deleted for both of you in ${left}`} aria-label={`Deleted in ${left}`}>
              <Timer className="size-3" aria-hidden />
              {left}
            </span>
          )}
          {clockTime(message.created_at)}
          {own && (
            <span role="img" aria-label={message.read_at ? 'Read' : 'Sent'}>
              {message.read_at ? <CheckCheck className="size-3.5" /> : <Check className="size-3.5" />}
            </span>
          )}
        </span>
      </div>
      {message.reactions.length > 0 && (
        <div className="mt-1 flex gap-1">
          {message.reactions.map((r) => {
            const mine = r.user_ids.includes(me);
            return (
              <button
                key={r.emoji}
                type="button"
                onClick={() => actions.onReact(message, r.emoji, !mine)}
                aria-pressed={mine}
                className={clsx('rounded-full border px-1.5 text-xs', mine ? 'border-brand-400 bg-brand-600/30' : 'border-slate-700 bg-slate-900')}
              >
                {emojiOf(r.emoji)} {r.count}
              </button>
            );
          })}
        </div>
      )}
      {!message.deleted && (
        <div className="mt-0.5 flex gap-1 text-xs text-slate-400 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100">
          <button type="button" onClick={() => setMenu((m) => !m)} aria-expanded={menu} aria-label="React" className="rounded px-1 hover:bg-slate-800">
            <SmilePlus className="size-4" />
          </button>
          <button type="button" onClick={() => actions.onReply(message)} className="rounded px-1 hover:bg-slate-800">
            Reply
          </button>
          {own && (
            <>
              <button type="button" onClick={() => actions.onEdit(message)} className="rounded px-1 hover:bg-slate-800" disabled={!message.text && !!message.media_url}>
                Edit
              </button>
              <button type="button" onClick={() => actions.onDelete(message)} className="rounded px-1 text-red-300 hover:bg-slate-800">
                Delete
              </button>
            </>
          )}
        </div>
      )}
      {menu && (
        <div role="menu" aria-label="Quick reactions" className="mt-1 flex gap-1 rounded-full border border-slate-700 bg-slate-900 px-2 py-1">
          {QUICK_REACTIONS.map((emoji) => {
            const mine = message.reactions.some((r) => r.emoji === emoji && r.user_ids.includes(me));
            return (
              <button
                key={emoji}
                type="button"
                role="menuitem"
                aria-label={`React ${emojiOf(emoji)}`}
                onClick={() => {
                  actions.onReact(message, emoji, !mine);
                  setMenu(false);
                }}
                className={clsx('rounded-full px-1 text-lg hover:bg-slate-800', mine && 'bg-brand-600/40')}
              >
                {emojiOf(emoji)}
              </button>
            );
          })}
        </div>
      )}
    </li>
  );
}

export function PendingBubble({ pending, onRetry }: { pending: PendingMessage; onRetry(): void }) {
  return (
    <li data-testid="message" data-own data-pending={pending.status} className="flex flex-col items-end">
      <div className="max-w-[80%] rounded-2xl rounded-br-sm bg-brand-600/60 px-3 py-2 text-sm break-words whitespace-pre-wrap text-white">
        {pending.file && (
          <span className="mb-1 flex items-center gap-1 text-xs opacity-80">
            <Paperclip className="size-3.5 shrink-0" /> {pending.file.name}
          </span>
        )}
        {pending.text}
        <span className="ml-2 text-[10px] opacity-70">{pending.status === 'sending' ? 'Sending…' : '!'}</span>
      </div>
      {pending.status === 'failed' && (
        <p className="mt-0.5 text-xs text-red-300">
          {pending.error}{' '}
          <button type="button" onClick={onRetry} className="underline">
            Retry
          </button>
        </p>
      )}
    </li>
  );
}
