import { useEffect, useRef, useState, type FormEvent } from 'react';
import { COMMUNITY_LIMITS } from '@tribeverse/shared';
import { Paperclip, Send, X } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { EmojiButton, EmojiPanel } from '../../../components/emoji/emoji-toggle';
import type { CommunityMessage } from '../api/types';
import { communityOutbox } from '../stores/outbox';

export interface CommunityComposerProps {
  disabledReason?: string | null;
  replyTo: CommunityMessage | null;
  editing: CommunityMessage | null;
  onCancel(): void;
  onSend(input: { text: string; file?: File; reply_to?: number }): void;
  onSaveEdit(message: CommunityMessage, text: string): void;
}

/** 'Message...', a file picker and Send; a reply or an edit shows above the box with a way out. */
export function CommunityComposer({ disabledReason, replyTo, editing, onCancel, onSend, onSaveEdit }: CommunityComposerProps) {
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (editing) setText(editing.text);
    if (editing || replyTo) input.current?.focus();
  }, [editing, replyTo]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The spec: a community message must be non-empty (blank text is ignored, as in private chat).
    if (!text.trim()) return;
    if (editing) onSaveEdit(editing, text.trim());
    else onSend({ text: text.trim(), reply_to: replyTo?.id });
    setText('');
    setEmojiOpen(false);
  };

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (file.size > COMMUNITY_LIMITS.attachmentMaxBytes) return void toast.error('A file can be at most 20 MB');
    onSend({ text: text.trim(), file, reply_to: replyTo?.id });
    setText('');
    if (fileInput.current) fileInput.current.value = '';
  };

  if (disabledReason) return <p className="rounded-lg bg-slate-900 p-3 text-center text-sm text-slate-300">{disabledReason}</p>;
  return (
    <form onSubmit={submit} className="flex flex-col gap-1">
      {(replyTo || editing) && (
        <div className="flex items-center gap-2 rounded-lg bg-slate-800 px-3 py-1 text-xs text-slate-200">
          <span className="min-w-0 flex-1 truncate">
            {editing
              ? 'Editing your message'
              : `Replying to ${replyTo!.sender.name ?? replyTo!.sender.username}: ${replyTo!.text || 'Attachment'}`}
          </span>
          <button
            type="button"
            onClick={() => {
              if (editing) setText('');
              onCancel();
            }}
            aria-label={editing ? 'Cancel edit' : 'Cancel reply'}
            className="inline-flex size-11 items-center justify-center rounded hover:bg-slate-700"
          >
            <X className="size-4" />
          </button>
        </div>
      )}
      {emojiOpen && (
        <EmojiPanel
          onPick={(emoji) => {
            setText((t) => t + emoji);
            setEmojiOpen(false);
          }}
        />
      )}
      <div className="flex items-center gap-1 rounded-2xl border border-slate-700 bg-slate-900 p-1">
        <EmojiButton
          open={emojiOpen}
          onToggle={() => setEmojiOpen((o) => !o)}
          className="inline-flex size-11 items-center justify-center"
        />
        {!editing && (
          <>
            <input ref={fileInput} type="file" hidden onChange={(e) => pick(e.target.files?.[0])} aria-label="Attach a file" />
            <button
              type="button"
              onClick={() => {
                // The file goes as soon as it is picked: its store opens while the member is choosing it.
                communityOutbox.expectFile();
                fileInput.current?.click();
              }}
              aria-label="Attach a file"
              className="inline-flex size-11 items-center justify-center rounded-xl text-slate-300 hover:bg-slate-800"
            >
              <Paperclip className="size-5" />
            </button>
          </>
        )}
        <input
          ref={input}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && (replyTo || editing) && onCancel()}
          placeholder="Message..."
          aria-label="Message"
          maxLength={COMMUNITY_LIMITS.messageMax}
          className="min-h-11 min-w-0 flex-1 bg-transparent px-2 text-slate-100 placeholder:text-slate-400 focus:outline-none"
        />
        <button
          type="submit"
          aria-label={editing ? 'Save' : 'Send'}
          disabled={!text.trim()}
          className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-600 text-white disabled:bg-slate-700 disabled:text-slate-300"
        >
          <Send className="size-5" />
        </button>
      </div>
    </form>
  );
}
