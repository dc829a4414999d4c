import clsx from 'clsx';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { FEED_LIMITS, type Post } from '@tribeverse/shared';
import { Heart, MessageCircle, Repeat2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/format';
import { useLike, useShare, useUnshare } from '../api/react-to-post';

const actionClass = 'inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm text-slate-300 hover:bg-slate-800 disabled:opacity-50';

/**
 * Like, Comment and Share with their live counts. On a repost, Share is about the original (as a boost of a boost
 * is), and the member's own repost offers to undo it.
 */
export function PostActions({ post, commentsOpen, onToggleComments }: { post: Post; commentsOpen: boolean; onToggleComments: () => void }) {
  const like = useLike(post.post_id);
  const original = post.shared_post;
  const shareTarget = original?.post_id ?? post.post_id;
  const share = useShare(shareTarget);
  const unshare = useUnshare(shareTarget);
  const [shareOpen, setShareOpen] = useState(false);
  const [shareText, setShareText] = useState('');

  const sharedByMe = original ? post.is_mine : post.shared_by_me;
  const sharesCount = original ? original.shares_count : post.shares_count;

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
        aria-pressed={post.liked_by_me}
        aria-label={`Like, ${post.likes_count} ${post.likes_count === 1 ? 'like' : 'likes'}`}
        className={clsx(actionClass, post.liked_by_me && 'text-pink-400')}
        onClick={() => like.mutate(!post.liked_by_me, { onError: (e) => toast.error(errorMessage(e, 'Could not update the like')) })}
      >
        <Heart className="size-4" fill={post.liked_by_me ? 'currentColor' : 'none'} /> Like <span data-testid="likes-count">{post.likes_count}</span>
      </button>
      <button type="button" aria-expanded={commentsOpen} aria-label={`Comment, ${post.comments_count} comments`} className={actionClass} onClick={onToggleComments}>
        <MessageCircle className="size-4" /> Comment <span data-testid="comments-count">{post.comments_count}</span>
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
            className="min-h-20 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-slate-100 placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-brand-400"
          />
          <Button type="submit" disabled={share.isPending}>
            {share.isPending ? 'Sharing...' : 'Share now'}
          </Button>
        </form>
      </Modal>
    </div>
  );
}
