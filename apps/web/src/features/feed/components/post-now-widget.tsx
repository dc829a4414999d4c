import { useState, type FormEvent } from 'react';
import { FEED_LIMITS } from '@tribeverse/shared';
import { Button } from '../../../components/ui/button';
import { flattenPages } from '../api/cache';
import { useSubmitPost } from '../hooks/use-submit-post';
import { useFeed } from '../api/get-feed';
import { EmojiButton, EmojiPanel } from '../../../components/emoji/emoji-toggle';
import { PostList } from './post-list';
import { useAuth } from '../../../lib/auth';

/** The quick composer: text and emoji, posted through the same call as the modal. */
function Composer() {
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const { submit: submitPost, isPending } = useSubmitPost();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    submitPost(
      { text, files: [] },
      {
        onPosted: () => {
          setText('');
          setEmojiOpen(false);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <textarea
        aria-label="Quick post"
        placeholder="Write something..."
        value={text}
        maxLength={FEED_LIMITS.postTextMax}
        // Cleared once posted: words typed meanwhile would be lost with it.
        readOnly={isPending}
        onChange={(e) => setText(e.target.value)}
        className="min-h-16 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-400"
      />
      <div className="flex items-center gap-2">
        <EmojiButton open={emojiOpen} onToggle={() => setEmojiOpen((o) => !o)} label="Add emoji to quick post" />
        <Button type="submit" className="ml-auto" disabled={isPending}>
          {isPending ? 'Posting...' : 'Post'}
        </Button>
      </div>
      {emojiOpen && (
        <EmojiPanel
          onPick={(emoji) => {
            setText((t) => t + emoji);
            setEmojiOpen(false);
          }}
        />
      )}
    </form>
  );
}

/**
 * The 'Post Now' card: a prompt that opens the Create Post modal, a quick composer (shown once there are posts, as
 * in the spec), and the member's own latest posts with their likes and comments: the feed beside it already shows
 * everyone's, so the card does not repeat it.
 */
export function PostNowWidget({ onOpenComposer }: { onOpenComposer: () => void }) {
  const { user } = useAuth();
  const feed = useFeed();
  const mine = useFeed({ author: user?.username ?? undefined });
  const hasPosts = flattenPages(feed.data).length > 0;
  return (
    <section aria-label="Post Now" className="flex flex-col gap-4 rounded-2xl border border-slate-800 bg-slate-900 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">Post Now</h2>
        <button
          type="button"
          onClick={onOpenComposer}
          className="rounded-full border border-slate-700 px-4 py-1.5 text-sm text-slate-300 hover:bg-slate-800"
        >
          Write something
        </button>
      </div>
      {hasPosts && <Composer />}
      {user?.username && <PostList query={mine} compact max={5} label="Your latest posts" emptyText="No posts have been made yet." />}
    </section>
  );
}
