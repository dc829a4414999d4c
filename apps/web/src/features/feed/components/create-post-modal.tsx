import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FEED_LIMITS } from '@tribeverse/shared';
import { ChartBar, ImagePlus, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { LevelBar } from '../../../components/ui/level-bar';
import { appAlert } from '../../../components/ui/app-dialog';
import { useSubmitPost } from '../hooks/use-submit-post';
import { EmojiButton, EmojiPanel } from '../../../components/emoji/emoji-toggle';
import { PollDialog } from '../../../components/poll/poll-dialog';
import { useCreatePoll, type PollDraft } from '../../../lib/api/polls';
import { errorMessage } from '../../../lib/format';

const MAX_MB = FEED_LIMITS.imageMaxBytes / 1024 / 1024;

/** Keeps picked files within the server's limits, telling the member what was left out and why. */
function acceptFiles(current: File[], picked: File[]): File[] {
  const images = picked.filter((f) => f.type.startsWith('image/'));
  if (images.length < picked.length) void appAlert('Only images can be attached.');
  const small = images.filter((f) => f.size <= FEED_LIMITS.imageMaxBytes);
  if (small.length < images.length) void appAlert(`Each image can be at most ${MAX_MB} MB.`);
  const next = [...current, ...small];
  if (next.length > FEED_LIMITS.imagesMax) void appAlert(`You can attach at most ${FEED_LIMITS.imagesMax} images.`);
  return next.slice(0, FEED_LIMITS.imagesMax);
}

export function CreatePostModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [contentWarning, setContentWarning] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { submit: submitPost, isPending: posting } = useSubmitPost();
  // A poll goes on the post once it is made (the server takes a poll on one's own post just written).
  const [poll, setPoll] = useState<PollDraft | null>(null);
  const [pollOpen, setPollOpen] = useState(false);
  const createPoll = useCreatePoll();

  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const reset = () => {
    setText('');
    setFiles([]);
    setContentWarning('');
    setEmojiOpen(false);
    setMoreOpen(false);
    setPoll(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const withPoll = poll;
    const sent = submitPost(
      // A poll alone is a post too: its question is the post's text.
      { text: text.trim() || withPoll?.question || '', files, contentWarning: contentWarning.trim(), onProgress: setProgress },
      {
        onPosted: (post) => {
          if (withPoll)
            createPoll.mutate(
              { ...withPoll, target: { kind: 'post', post_id: post.post_id } },
              { onError: (error) => void appAlert(errorMessage(error, 'The poll could not be added')) },
            );
          reset();
          onOpenChange(false);
        },
        onSettled: () => setProgress(null),
      },
    );
    if (sent) setProgress(0);
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Create Post">
      <form onSubmit={submit} className="flex flex-col gap-3">
        {/* Read-only while posting: whatever is sent is what the modal shows, and nothing typed meanwhile is lost when it closes. */}
        <fieldset disabled={posting} className="contents">
          <textarea
            aria-label="Post text"
            placeholder="What's on your mind?"
            value={text}
            maxLength={FEED_LIMITS.postTextMax}
            onChange={(e) => setText(e.target.value)}
            className="min-h-32 w-full resize-y rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-slate-100 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-400"
          />

          {files.length > 0 && (
            <ul className="grid grid-cols-3 gap-2" aria-label="Chosen images">
              {files.map((file, i) => (
                <li key={previews[i]} className="relative aspect-square overflow-hidden rounded-lg bg-slate-800">
                  <img src={previews[i]} alt={file.name} className="h-full w-full object-cover" />
                  <button
                    type="button"
                    aria-label={`Remove ${file.name}`}
                    onClick={() => setFiles((list) => list.filter((_, j) => j !== i))}
                    className="absolute right-1 top-1 rounded-full bg-slate-950/80 p-1 text-slate-50 hover:bg-red-600"
                  >
                    <X className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          )}

          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            multiple
            aria-label="Add images"
            className="sr-only"
            onChange={(e) => {
              const picked = Array.from(e.target.files ?? []);
              setFiles((current) => acceptFiles(current, picked));
              e.target.value = '';
            }}
          />

          <div className="flex flex-wrap items-center gap-1 border-t border-slate-800 pt-2">
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm text-slate-200 hover:bg-slate-800"
            >
              <ImagePlus className="size-5" /> Photos
            </button>
            <button
              type="button"
              onClick={() => setPollOpen(true)}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 py-1 text-sm text-slate-200 hover:bg-slate-800"
            >
              <ChartBar className="size-5" /> Poll
            </button>
            <EmojiButton open={emojiOpen} onToggle={() => setEmojiOpen((o) => !o)} />
            <button
              type="button"
              aria-expanded={moreOpen}
              onClick={() => setMoreOpen((o) => !o)}
              className={`rounded-lg px-2 py-1 text-sm text-slate-200 hover:bg-slate-800 ${moreOpen ? 'bg-slate-800' : ''}`}
            >
              More
            </button>
            <span className="ml-auto text-xs text-slate-400">
              {files.length}/{FEED_LIMITS.imagesMax} images
            </span>
          </div>

          {poll && (
            <div className="flex items-center gap-2 rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-sm text-slate-100">
              <ChartBar className="size-4 shrink-0" aria-hidden />
              <span className="min-w-0 flex-1 truncate">
                Poll: {poll.question} ({poll.options.length} options)
              </span>
              <button
                type="button"
                aria-label="Remove the poll"
                onClick={() => setPoll(null)}
                className="flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-slate-800"
              >
                <X className="size-4" />
              </button>
            </div>
          )}

          {emojiOpen && (
            <EmojiPanel
              onPick={(emoji) => {
                if (posting) return;
                setText((t) => t + emoji);
                setEmojiOpen(false);
              }}
            />
          )}

          {moreOpen && (
            <div className="flex flex-col gap-2 rounded-lg border border-slate-800 bg-slate-950 p-3" aria-label="More options" role="group">
              <button
                type="button"
                onClick={() => fileInput.current?.click()}
                className="inline-flex items-center gap-1.5 self-start rounded-lg px-2 py-1 text-sm text-slate-200 hover:bg-slate-800"
              >
                <ImagePlus className="size-4" /> Attach images (up to {FEED_LIMITS.imagesMax}, {MAX_MB} MB each)
              </button>
              <label className="flex flex-col gap-1 text-sm text-slate-300">
                Content warning (optional)
                <input
                  value={contentWarning}
                  maxLength={FEED_LIMITS.contentWarningMax}
                  onChange={(e) => setContentWarning(e.target.value)}
                  placeholder="e.g. Spoilers"
                  className="rounded-lg border border-slate-700 bg-slate-900 px-3 py-2 text-slate-100 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-400"
                />
                <span className="text-xs text-slate-400">The post stays hidden behind this text until someone chooses to show it.</span>
              </label>
            </div>
          )}

          {progress !== null && (
            <LevelBar
              role="progressbar"
              label="Upload progress"
              fraction={progress}
              className="h-2 overflow-hidden rounded-full bg-slate-800"
              fillClassName="h-full bg-brand-600 transition-[width]"
            />
          )}
        </fieldset>
        <Button type="submit" disabled={posting}>
          {posting ? 'Posting...' : 'Post'}
        </Button>
      </form>
      <PollDialog open={pollOpen} onOpenChange={setPollOpen} onSubmit={setPoll} submitLabel="Add poll" />
    </Modal>
  );
}
