import { useEffect, useImperativeHandle, useRef, useState, type ClipboardEvent, type FormEvent, type Ref } from 'react';
import { CHAT_ATTACHMENT_MAX_BYTES, type ChatMessage } from '@tribeverse/shared';
import { toast } from 'react-toastify';
import { Paperclip, X } from 'lucide-react';
import { EmojiButton, EmojiPanel } from '../../../components/emoji/emoji-toggle';
import { Button } from '../../../components/ui/button';
import { useSocket } from '../../../lib/socket-provider';
import { readDraft, writeDraft } from '../stores/drafts';

const TYPING_REFRESH_MS = 3000;
const TYPING_IDLE_MS = 2500;

export interface ComposerProps {
  peerId: number;
  disabled?: boolean;
  replyTo: ChatMessage | null;
  editing: ChatMessage | null;
  onCancel(): void;
  onSend(input: { text: string; file?: File; reply_to?: number }): void;
  onSaveEdit(message: ChatMessage, text: string): void;
  /** Lets the conversation pane hand over files dropped on it, to be sent as if picked here. */
  ref?: Ref<ComposerHandle>;
}

export interface ComposerHandle {
  sendFiles(files: File[]): void;
}

/** 'Type a message', a file picker (or paste, or drop on the pane) and Send; tells the peer while the member types. */
export function Composer({ peerId, disabled, replyTo, editing, onCancel, onSend, onSaveEdit, ref }: ComposerProps) {
  const socket = useSocket();
  const [text, setText] = useState(() => readDraft(peerId));
  const [emojiOpen, setEmojiOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const typingSentAt = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const stopTyping = () => {
    clearTimeout(idleTimer.current);
    if (typingSentAt.current) socket?.emit('typing:stop', { peer_id: peerId });
    typingSentAt.current = 0;
  };

  useEffect(() => {
    if (editing) setText(editing.text);
    if (editing || replyTo) input.current?.focus();
  }, [editing, replyTo]);

  // The text being edited is the message's, not a draft: the draft waits for the edit to end.
  useEffect(() => {
    if (!editing) writeDraft(peerId, text);
  }, [peerId, text, editing]);

  // Leaving the conversation ends 'typing…' on the other side.
  useEffect(() => () => stopTyping(), [peerId]); // eslint-disable-line react-hooks/exhaustive-deps

  const onChange = (value: string) => {
    setText(value);
    if (!socket) return;
    if (Date.now() - typingSentAt.current > TYPING_REFRESH_MS) {
      socket.emit('typing:start', { peer_id: peerId });
      typingSentAt.current = Date.now();
    }
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  // The picker closes on Escape or a click anywhere outside the composer, as chat apps' pickers do.
  useEffect(() => {
    if (!emojiOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setEmojiOpen(false);
    const onPointer = (e: PointerEvent) => !form.current?.contains(e.target as Node) && setEmojiOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [emojiOpen]);

  /** Puts the emoji where the caret is (replacing a selection), and leaves the caret after it. */
  const insertEmoji = (emoji: string) => {
    const field = input.current;
    const start = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? text.length;
    onChange(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return; // the spec: a blank message is ignored
    stopTyping();
    if (editing) onSaveEdit(editing, trimmed);
    else onSend({ text: trimmed, reply_to: replyTo?.id });
    setText(editing ? readDraft(peerId) : '');
    setEmojiOpen(false);
  };

  /** Picked, pasted or dropped files: each one a message, the typed text and the reply going with the first. */
  const sendFiles = (files: File[]) => {
    if (disabled || editing) return;
    let first = true;
    for (const file of files) {
      if (file.size > CHAT_ATTACHMENT_MAX_BYTES) {
        toast.error('Files can be at most 20 MB.');
        continue;
      }
      onSend(first ? { text: text.trim(), file, reply_to: replyTo?.id } : { text: '', file });
      if (first) setText('');
      first = false;
    }
    if (fileInput.current) fileInput.current.value = '';
  };
  useImperativeHandle(ref, () => ({ sendFiles }));

  // A clipboard holding files (a screenshot, a copied image or file) sends them; text pastes as usual.
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const files = Array.from(e.clipboardData?.files ?? []);
    if (!files.length || editing) return;
    e.preventDefault();
    sendFiles(files);
  };

  return (
    <form ref={form} onSubmit={submit} className="relative border-t border-slate-800 pt-2">
      {emojiOpen && (
        <div className="absolute right-0 bottom-full z-20 mb-2 w-full max-w-sm">
          <EmojiPanel onPick={insertEmoji} />
        </div>
      )}
      {(replyTo || editing) && (
        <div className="mb-2 flex items-center justify-between rounded-lg bg-slate-900 px-3 py-1 text-xs text-slate-300">
          <span className="truncate">{editing ? 'Editing message' : `Replying to: ${replyTo!.text || 'Attachment'}`}</span>
          <button
            type="button"
            onClick={() => {
              setText(editing ? readDraft(peerId) : '');
              onCancel();
            }}
            aria-label="Cancel"
            className="ml-2 rounded p-0.5 hover:bg-slate-800"
          >
            <X className="size-4" />
          </button>
        </div>
      )}
      <div className="flex items-center gap-2">
        <input ref={fileInput} type="file" className="hidden" aria-label="Attach a file" onChange={(e) => sendFiles(Array.from(e.target.files ?? []))} disabled={disabled || !!editing} />
        <Button variant="ghost" onClick={() => fileInput.current?.click()} disabled={disabled || !!editing} aria-label="Attach file" className="px-2">
          <Paperclip className="size-5" />
        </Button>
        {!disabled && <EmojiButton open={emojiOpen} onToggle={() => setEmojiOpen((o) => !o)} />}
        <input
          ref={input}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          onPaste={onPaste}
          placeholder="Type a message"
          aria-label="Type a message"
          disabled={disabled}
          maxLength={4000}
          className="min-w-0 flex-1 rounded-full border border-slate-700 bg-slate-900 px-4 py-2 text-sm placeholder:text-slate-500 focus:ring-2 focus:ring-brand-400 focus:outline-none"
        />
        <Button type="submit" disabled={disabled}>
          {editing ? 'Save' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
