import {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type ComponentProps,
  type Ref,
} from 'react';
import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_TEXT_MAX } from '@tribeverse/shared';
import { toast } from '../../lib/toast';
import { Paperclip, X } from 'lucide-react';
import { EmojiButton, EmojiPanel } from '../emoji/emoji-toggle';
import { Button } from '../ui/button';
import { readDraft, writeDraft } from '../../lib/conversation/drafts';
import { openFileStore } from '../../lib/outbox-files';
import { AttachmentPreview } from './attachment-preview';
import { PollButton } from '../poll/poll-button';
import { ComposerLinkPreview } from '../ui/link-preview-card';
import { VoiceRecorder } from './voice-recorder';
import { useTypingSignal } from './use-typing-signal';
import { pinSnippet } from '../../lib/conversation/pins';

/** The box grows with the text up to about six lines, then scrolls. */
const MAX_BOX_PX = 144;

/**
 * On a touch screen Enter is the keyboard's new-line key and the Send button sends (as in Telegram and WhatsApp on a
 * phone); with a physical keyboard Enter sends and Shift+Enter starts a new line.
 */
const enterSends = () => !window.matchMedia?.('(pointer: coarse)').matches;

/** What the composer needs of a message being replied to or edited. */
interface QuotedMessage {
  id: number;
  text: string;
}

export interface ComposerProps<M extends QuotedMessage = QuotedMessage> {
  /** The conversation's draft key (lib/conversation/drafts): a direct chat's peer id, 'group-<id>'. */
  draftKey: string;
  disabled?: boolean;
  replyTo: M | null;
  editing: M | null;
  onCancel(): void;
  /** link_preview false: the member removed the preview of the text's link (issue 42). */
  onSend(input: { text: string; file?: File; reply_to?: number; link_preview?: false }): void;
  onSaveEdit(message: M, text: string): void;
  /** Told when the member starts typing (again every few seconds while they type) and when they stop. */
  onTyping?(typing: boolean): void;
  /** The conversation's longest message. */
  maxLength?: number;
  /** Lets the conversation pane hand over files dropped on it, to be previewed as if picked here. */
  ref?: Ref<ComposerHandle>;
  /** Where a poll made here goes (a group or a channel): with it, the composer offers "Poll". */
  pollTarget?: ComponentProps<typeof PollButton>['target'];
}

export interface ComposerHandle {
  /** Stages files for sending: shown with a preview, sent with the caption on Send, or taken back out. */
  addFiles(files: File[]): void;
}

/**
 * 'Type a message' (several lines), a file picker (or paste, or drop on the pane) with a preview and caption before
 * sending, and Send; says when the member types. The same composer serves every kind of conversation.
 */
export function Composer<M extends QuotedMessage>({
  draftKey,
  disabled,
  replyTo,
  editing,
  onCancel,
  onSend,
  onSaveEdit,
  onTyping,
  maxLength = CHAT_TEXT_MAX,
  ref,
  pollTarget,
}: ComposerProps<M>) {
  const [text, setText] = useState(() => readDraft(draftKey));
  const [emojiOpen, setEmojiOpen] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  // The member removed the link's preview: it stays removed for this message, whatever the text becomes.
  const [previewOff, setPreviewOff] = useState(false);
  const { typed, stop: stopTyping } = useTypingSignal(onTyping);

  useEffect(() => {
    if (editing) setText(editing.text);
    if (editing || replyTo) input.current?.focus();
  }, [editing, replyTo]);

  // The text being edited is the message's, not a draft: the draft waits for the edit to end.
  useEffect(() => {
    if (!editing) writeDraft(draftKey, text);
  }, [draftKey, text, editing]);

  // Leaving the conversation ends 'typing…' on the other side, and files picked for it stay behind.
  useEffect(
    () => () => {
      stopTyping();
      setFiles([]);
      setPreviewOff(false);
    },
    [draftKey, stopTyping],
  );

  // Grows with its lines: measured from a collapsed box so it also shrinks when text is removed.
  useLayoutEffect(() => {
    const box = input.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${Math.min(box.scrollHeight, MAX_BOX_PX)}px`;
  }, [text]);

  const onChange = (value: string) => {
    setText(value);
    typed();
  };

  // The picker closes on Escape or a click anywhere outside the composer, as chat apps' pickers do.
  useEffect(() => {
    if (!emojiOpen) return;
    // Escape gives focus back to the button that opened the picker.
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setEmojiOpen(false);
      form.current?.querySelector<HTMLElement>('[data-emoji-toggle]')?.focus();
    };
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

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const trimmed = text.trim();
    if (files.length && !editing) {
      // Each file is one message; the caption and the reply go with the first.
      stopTyping();
      files.forEach((file, i) => onSend(i === 0 ? { text: trimmed, file, reply_to: replyTo?.id } : { text: '', file }));
      setFiles([]);
      setText('');
      setEmojiOpen(false);
      return;
    }
    if (!trimmed) return; // the spec: a blank message is ignored
    stopTyping();
    if (editing) onSaveEdit(editing, trimmed);
    else {
      onSend({ text: trimmed, reply_to: replyTo?.id, ...(previewOff && { link_preview: false as const }) });
      setPreviewOff(false);
    }
    setText(editing ? readDraft(draftKey) : '');
    setEmojiOpen(false);
  };

  const cancel = () => {
    setText(editing ? readDraft(draftKey) : '');
    onCancel();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Escape takes back a reply or an edit (the emoji picker, when open, takes Escape for itself).
    if (e.key === 'Escape' && (replyTo || editing) && !emojiOpen) {
      e.preventDefault();
      cancel();
      return;
    }
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || !enterSends()) return;
    e.preventDefault();
    submit();
  };

  /** Picked, pasted or dropped files wait in the preview, within the size limit, until Send or their remove button. */
  const addFiles = (picked: File[]) => {
    if (fileInput.current) fileInput.current.value = '';
    if (disabled || editing) return;
    openFileStore();
    const fitting = picked.filter((file) => file.size <= CHAT_ATTACHMENT_MAX_BYTES);
    if (fitting.length < picked.length) toast.error('Files can be at most 20 MB.');
    if (!fitting.length) return;
    setFiles((current) => [...current, ...fitting]);
    input.current?.focus();
  };
  useImperativeHandle(ref, () => ({ addFiles }));

  // A clipboard holding files (a screenshot, a copied image or file) stages them; text pastes as usual.
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(e.clipboardData?.files ?? []);
    if (!pasted.length || editing) return;
    e.preventDefault();
    addFiles(pasted);
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
          <span className="truncate">{editing ? 'Editing message' : `Replying to: ${pinSnippet(replyTo!)}`}</span>
          <button
            type="button"
            onClick={cancel}
            aria-label="Cancel"
            className="-my-1 ml-2 flex size-11 shrink-0 items-center justify-center rounded hover:bg-slate-800"
          >
            <X className="size-4" />
          </button>
        </div>
      )}
      {!editing && !files.length && !previewOff && (
        <ComposerLinkPreview
          text={text}
          onRemove={() => {
            setPreviewOff(true);
            input.current?.focus();
          }}
        />
      )}
      <AttachmentPreview files={files} onRemove={(index) => setFiles((current) => current.filter((_, i) => i !== index))} />
      <div className="flex items-end gap-1">
        <input
          ref={fileInput}
          type="file"
          multiple
          className="hidden"
          aria-label="Attach a file"
          onChange={(e) => addFiles(Array.from(e.target.files ?? []))}
          disabled={disabled || !!editing}
        />
        <Button
          variant="ghost"
          onClick={() => {
            openFileStore();
            fileInput.current?.click();
          }}
          disabled={disabled || !!editing}
          aria-label="Attach file"
          className="size-11 shrink-0 px-0"
        >
          <Paperclip className="size-5" />
        </Button>
        {pollTarget && <PollButton target={pollTarget} disabled={disabled || !!editing} />}
        {!disabled && <EmojiButton open={emojiOpen} onToggle={() => setEmojiOpen((o) => !o)} className="size-11 shrink-0" />}
        <textarea
          ref={input}
          rows={1}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          placeholder={files.length ? 'Add a caption' : 'Type a message'}
          aria-label={files.length ? 'Caption' : 'Type a message'}
          disabled={disabled}
          maxLength={maxLength}
          className="max-h-36 min-h-11 min-w-0 flex-1 resize-none rounded-3xl border border-slate-700 bg-slate-900 px-4 py-2.5 text-sm leading-5 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-400 focus:outline-none"
        />
        {/* An empty box offers the microphone in Send's place (voice-recorder.tsx). */}
        {!editing && !files.length && !text.trim() && !disabled ? (
          <VoiceRecorder onSend={(file) => onSend({ text: '', file, reply_to: replyTo?.id })} />
        ) : (
          <Button type="submit" disabled={disabled} className="min-h-11 shrink-0">
            {editing ? 'Save' : 'Send'}
          </Button>
        )}
      </div>
    </form>
  );
}
