import { useState, type FormEvent } from 'react';
import { ReportMenu } from '../../../components/report/report-menu';
import { Alert } from '../../../components/ui/alert';
import { ListError } from '../../../components/ui/list-error';
import { LinkifiedText } from '../../../components/ui/linkified-text';
import { toast } from '../../../lib/toast';
import { FEED_LIMITS } from '@tribeverse/shared';
import { Avatar } from '../../../components/ui/avatar';
import { NextPageButton } from '../../../components/ui/load-more';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/datetime';
import { errorMessage } from '../../../lib/format';
import type { ActionTarget } from '../api/cache';
import { useAddComment, useComments, useDeleteComment } from '../api/comments';
import { relativeTime } from './relative-time';

/**
 * The comments under a post (a repost card shows its original's): oldest first, newest arriving live; one may
 * delete one's own, or any under one's own post. One's own comment held for review is marked so (only one sees it).
 */
export function CommentsThread({ post }: { post: ActionTarget }) {
  const { user } = useAuth();
  const comments = useComments(post.post_id, true);
  const add = useAddComment(post.post_id);
  const remove = useDeleteComment(post.post_id);
  const [text, setText] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || add.isPending) return;
    add.mutate(trimmed, {
      onSuccess: () => setText(''),
      onError: (error) => toast.error(errorMessage(error, 'Could not add the comment')),
    });
  };

  const list = comments.data?.pages.flatMap((page) => page.comments) ?? [];
  return (
    <section aria-label="Comments" className="mt-3 flex flex-col gap-3 border-t border-slate-800 pt-3">
      {comments.isPending && (
        <p className="flex items-center gap-2 text-sm text-slate-400">
          <Spinner /> Loading comments…
        </p>
      )}
      {comments.isError && <ListError onRetry={() => void comments.refetch()}>Could not load comments</ListError>}
      {comments.isSuccess && !list.length && <p className="text-sm text-slate-400">No comments yet.</p>}
      <ul className="flex flex-col gap-2">
        {list.map((c) => (
          <li key={c.id} className="flex gap-2">
            <Avatar src={c.author.avatar} name={c.author.username ?? 'Unknown'} size={28} />
            <div className="min-w-0 flex-1 rounded-xl bg-slate-800/70 px-3 py-2">
              {/* One line even on a phone: a short relative time (the full one on hover), a long name gives way. */}
              <div className="flex items-baseline gap-2 text-xs text-slate-400">
                <span className="min-w-0 truncate font-semibold text-slate-200">{c.author.username ?? 'Unknown'}</span>
                <time dateTime={c.created_at} title={formatDateTime(c.created_at)} className="shrink-0 whitespace-nowrap">
                  {relativeTime(c.created_at)}
                </time>
                {(c.author.id === user?.id || post.author.id === user?.id) && (
                  <button
                    type="button"
                    className="ml-auto shrink-0 text-slate-400 hover:text-red-400"
                    aria-label={`Delete comment: ${c.text.slice(0, 40)}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(c.id, { onError: (error) => toast.error(errorMessage(error, 'Could not delete the comment')) })
                    }
                  >
                    Delete
                  </button>
                )}
                {c.author.id !== user?.id && (
                  <ReportMenu
                    className="-my-3 -mr-3 ml-auto"
                    label={`More for ${c.author.username ?? 'Unknown'}'s comment`}
                    subject={{ kind: 'comment', id: c.id, what: `${c.author.username ?? 'this member'}'s comment` }}
                  />
                )}
              </div>
              <p className="whitespace-pre-wrap break-words text-sm text-slate-100">
                <LinkifiedText text={c.text} />
              </p>
              {c.held && (
                <Alert tone="info" className="mt-1 px-2 py-1 text-xs">
                  Held for review: only you see this comment until a moderator lets it through.
                </Alert>
              )}
            </div>
          </li>
        ))}
      </ul>
      <NextPageButton query={comments} label="Load more comments" className="self-start text-sm text-brand-400 hover:underline" />
      <form onSubmit={submit} className="flex gap-2">
        <input
          aria-label="Write a comment"
          placeholder="Write a comment..."
          value={text}
          maxLength={FEED_LIMITS.commentMax}
          onChange={(e) => setText(e.target.value)}
          className="min-w-0 flex-1 rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-400"
        />
        <Button type="submit" disabled={!text.trim() || add.isPending}>
          Send
        </Button>
      </form>
    </section>
  );
}
