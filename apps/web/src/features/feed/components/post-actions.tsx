import clsx from 'clsx';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { FEED_LIMITS, type Post } from '@tribeverse/shared';
import { Heart, MessageCircle, Repeat2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/format';
import { plural } from '../../../lib/plural';
import { actionTarget } from '../api/cache';
import { useLike, useShare, useUnshare } from '../api/react-to-post';

const actionClass = 'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm text-slate-300 hover:bg-slate-800 disabled:opacity-50';

/**
 * Like, Comment and Share with their live counts. On a repost they are about the original (as with a boost): its
 * counts, whether I liked it, and whether I shared it (undone from here).
 */
export function PostActions({ post, commentsOpen, onToggleComments }: { post: Post; commentsOpen: boolean; onToggleComments: () => void }) {
  const target = actionTarget(post);
  const like = useLike(target.post_id);
  const share = useShare(target.post_id);
  const unshare = useUnshare(target.post_id);
  const [shareOpen, setShareOpen] = useState(false);
  const [shareText, setShareText] = useState('');

  const sharedByMe = target.shared_by_me;
  const sharesCount = target.shares_count;

  const onShareClick = () => {
    if (sharedByMe) {
      unshare.mutate(undefined, { onError: (e) => toast.error(errorMessage(e, 'Could not undo the share')) });
    } else {
      setShareOpen(true);
    }
  };

  return (
    <div className="mt-3 flex items-center gap-1 border-t border-slate-800 pt-2">
      <button
        type="button"
        aria-pressed={target.liked_by_me}
        aria-label={`Like, ${plural(target.likes_count, 'like', 'likes')}`}
        className={clsx(actionClass, target.liked_by_me && 'text-pink-400')}
        // One like call at a time per card: a second click waits, so the last click is the state that stays.
        disabled={like.isPending}
        onClick={() => like.mutate(!target.liked_by_me, { onError: (e) => toast.error(errorMessage(e, 'Could not update the like')) })}
      >
        <Heart className="size-4" fill={target.liked_by_me ? 'currentColor' : 'none'} /> Like{' '}
        <span data-testid="likes-count">{target.likes_count}</span>
      </button>
      <button
        type="button"
        aria-expanded={commentsOpen}
        aria-label={`Comment, ${plural(target.comments_count, 'comment', 'comments')}`}
        className={actionClass}
        onClick={onToggleComments}
      >
        <MessageCircle className="size-4" /> Comment <span data-testid="comments-count">{target.comments_count}</span>
      </button>
      <button
        type="button"
        aria-pressed={sharedByMe}
        aria-label={sharedByMe ? `Undo share, ${sharesCount} shares` : `Share, ${sharesCount} shares`}
        className={clsx(actionClass, sharedByMe && 'text-emerald-400')}
        disabled={share.isPending || unshare.isPending}
        onClick={onShareClick}
      >
        <Repeat2 className="size-4" /> {sharedByMe ? 'Shared' : 'Share'} <span data-testid="shares-count">{sharesCount}</span>
      </button>

      <Modal open={shareOpen} onOpenChange={setShareOpen} title="Share post">
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            share.mutate(shareText.trim(), {
              onSuccess: () => {
                setShareOpen(false);
                setShareText('');
                toast.success('Shared to the feed');
              },
              onError: (error) => toast.error(errorMessage(error, 'Could not share the post')),
            });
          }}
        >
          <textarea
            aria-label="Say something about it"
            placeholder="Say something about it (optional)"
            value={shareText}
            maxLength={FEED_LIMITS.postTextMax}
            onChange={(e) => setShareText(e.target.value)}
            className="min-h-20 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-slate-100 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-400"
          />
          <Button type="submit" disabled={share.isPending}>
            {share.isPending ? 'Sharing...' : 'Share now'}
          </Button>
        </form>
      </Modal>
    </div>
  );
}
