import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { FEED_LIMITS, type Post, type SharedPost } from '@tribeverse/shared';
import { Heart, MessageCircle, Repeat2, TriangleAlert, type LucideIcon } from 'lucide-react';
import { MemberMenu } from '../../../components/member-menu';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { TextLinkPreview } from '../../../components/ui/link-preview-card';
import { formatDateTime } from '../../../lib/datetime';
import { errorMessage } from '../../../lib/format';
import { pluralWord } from '../../../lib/plural';
import { actionTarget } from '../api/cache';
import { useDeletePost, useUpdatePost } from '../api/manage-post';
import { CommentsThread } from './comments-thread';
import { ImageGrid } from './image-grid';
import { PostActions } from './post-actions';
import { profileHref } from './links';
import { PostText } from './post-text';
import { PostPoll } from '../../../components/poll/poll-slot';
import { relativeTime } from './relative-time';

/**
 * A shared post's figure: the icon stands for the word on screen, and a screen reader hears '1 like' (the word is
 * its own text, after a space, so it is never read as '1likes').
 */
function Figure({ icon: Icon, count, one, many }: { icon: LucideIcon; count: number; one: string; many: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Icon className="size-3.5" aria-hidden />
      {count.toLocaleString()}
      <span className="sr-only"> {pluralWord(count, one, many)}</span>
    </span>
  );
}

function Byline({ post, compact }: { post: SharedPost; compact?: boolean }) {
  const name = post.username ?? 'Unknown';
  const href = post.username ? profileHref(post.username) : null;
  const avatar = <Avatar src={post.author.avatar} name={name} size={compact ? 32 : 40} />;
  return (
    <div className="flex min-w-0 items-center gap-3">
      {href ? (
        // The name beside it is the same link for screen readers; the picture is a second target for the pointer only.
        <Link to={href} tabIndex={-1} aria-hidden className="shrink-0 rounded-full">
          {avatar}
        </Link>
      ) : (
        avatar
      )}
      <div className="min-w-0">
        <p className="truncate font-semibold text-slate-100">
          {href ? (
            <Link to={href} className="hover:underline focus-visible:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        <p className="text-xs text-slate-400">
          {/* Relative ('5 minutes ago'), the exact time on hover. */}
          <time dateTime={post.date_post_created} title={formatDateTime(post.date_post_created)}>
            {relativeTime(post.date_post_created)}
          </time>
          {post.edited_at && <span title={`Edited ${formatDateTime(post.edited_at)}`}> · edited</span>}
        </p>
      </div>
    </div>
  );
}

/** Text and pictures, behind the content warning when there is one. */
function PostBody({ post, compact }: { post: SharedPost; compact?: boolean }) {
  const [revealed, setRevealed] = useState(false);
  const hidden = !!post.content_warning && !revealed;
  return (
    <div className="mt-3 flex flex-col gap-3">
      {post.content_warning && (
        <div className="flex items-center gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-200">
          <TriangleAlert className="size-4 shrink-0" />
          <span className="flex-1">{post.content_warning}</span>
          <button type="button" className="font-semibold hover:underline" onClick={() => setRevealed((r) => !r)}>
            {revealed ? 'Hide post' : 'Show post'}
          </button>
        </div>
      )}
      {!hidden && post.post && <PostText text={compact && post.post.length > 280 ? `${post.post.slice(0, 280)}…` : post.post} />}
      {!hidden && <ImageGrid images={post.images} thumbnails={post.thumbnails} />}
      {!hidden && post.post && !post.images.length && <TextLinkPreview text={post.post} />}
      {!hidden && <PostPoll postId={post.post_id} />}
    </div>
  );
}

function EditForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const update = useUpdatePost(post.post_id);
  const [text, setText] = useState(post.post);
  return (
    <form
      className="mt-3 flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(
          { post: text.trim() },
          { onSuccess: onDone, onError: (error) => toast.error(errorMessage(error, 'Could not save the post')) },
        );
      }}
    >
      <textarea
        aria-label="Edit post text"
        value={text}
        maxLength={FEED_LIMITS.postTextMax}
        onChange={(e) => setText(e.target.value)}
        className="min-h-24 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-slate-100 focus:outline-none focus:ring-2 focus:ring-brand-400"
      />
      <FormActions align="end" onCancel={onDone} submitLabel="Save" busy={update.isPending} busyLabel="Saving…" />
    </form>
  );
}

/**
 * One post of a feed. `compact` is the side widget's variant: relative time, shorter text, no actions.
 * Someone else's post carries the '⋯' menu with Report; `memberMenu` adds Mute and Block for its author, where a
 * list knows every author in it is neither muted nor blocked (the feed), since a post does not say.
 */
export function PostCard({ post, compact = false, memberMenu = false }: { post: Post; compact?: boolean; memberMenu?: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const remove = useDeletePost(post.post_id);
  const original = post.shared_post;

  return (
    <article
      aria-label={`Post by ${post.username ?? 'Unknown'}`}
      data-post-id={post.post_id}
      className="rounded-2xl border border-slate-800 bg-slate-900 p-4 transition-shadow data-highlight:ring-2 data-highlight:ring-brand-400"
    >
      {post.held && (
        <Alert tone="info" className="mb-2">
          Held for review: only you see this post until a moderator lets it through.
        </Alert>
      )}
      {original && (
        <p className="mb-2 flex items-center gap-1 text-xs font-medium text-emerald-400">
          <Repeat2 className="size-4" /> {post.username ?? 'Unknown'} shared a post
        </p>
      )}
      <div className="flex items-start justify-between gap-2">
        <Byline post={post} compact={compact} />
        {post.is_mine && !compact && (
          <div className="flex shrink-0 gap-1">
            {!editing && (
              <button
                type="button"
                className="rounded-lg px-2 py-1 text-xs text-slate-400 hover:bg-slate-800 hover:text-slate-50"
                onClick={() => setEditing(true)}
              >
                Edit
              </button>
            )}
            <button
              type="button"
              className="rounded-lg px-2 py-1 text-xs text-slate-400 hover:bg-slate-800 hover:text-red-400"
              onClick={() => setConfirmDelete(true)}
            >
              Delete
            </button>
          </div>
        )}
        {!post.is_mine && !compact && (
          <MemberMenu
            className="-mt-2 -mr-2"
            member={{ id: post.author.id, name: post.username ?? 'this member' }}
            muted={false}
            blocked={false}
            relations={memberMenu}
            report={{ kind: 'post', id: post.post_id, what: `${post.username ?? 'this member'}'s post` }}
          />
        )}
      </div>

      {editing ? <EditForm post={post} onDone={() => setEditing(false)} /> : <PostBody post={post} compact={compact} />}

      {original && (
        <div className="mt-3 rounded-xl border border-slate-700 bg-slate-950/60 p-3" aria-label="Shared post">
          <Byline post={original} compact />
          <PostBody post={original} compact={compact} />
          <p className="mt-2 flex items-center gap-3 text-xs text-slate-400">
            <Figure icon={Heart} count={original.likes_count} one="like" many="likes" />
            <Figure icon={MessageCircle} count={original.comments_count} one="comment" many="comments" />
            <Figure icon={Repeat2} count={original.shares_count} one="share" many="shares" />
          </p>
        </div>
      )}

      {!compact && <PostActions post={post} commentsOpen={commentsOpen} onToggleComments={() => setCommentsOpen((o) => !o)} />}
      {!compact && commentsOpen && <CommentsThread post={actionTarget(post)} />}

      <Modal open={confirmDelete} onOpenChange={setConfirmDelete} title="Delete post?">
        <p className="text-sm text-slate-300">
          The post, its likes, comments and reposts will be removed for everyone. This cannot be undone.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirmDelete(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => setConfirmDelete(false),
                onError: (error) => toast.error(errorMessage(error, 'Could not delete the post')),
              })
            }
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </Modal>
    </article>
  );
}
