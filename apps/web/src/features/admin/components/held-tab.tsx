import { useState } from 'react';
import type { HeldPost } from '@tribeverse/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ListError } from '../../../components/ui/list-error';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/datetime';
import { errorMessage } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDecideHeld, useHeldPosts } from '../api/held';
import { memberName } from './names';

/** Posts a 'hold' filter kept back, oldest first: each released to everyone, or removed with a reason for its author. */
export function HeldTab() {
  const held = useHeldPosts();
  return (
    <section aria-label="Held posts" className="flex flex-col gap-3">
      {held.isPending ? (
        <Spinner label="Loading held posts" />
      ) : held.isError ? (
        <ListError onRetry={() => void held.refetch()}>Could not load the held posts.</ListError>
      ) : !held.data.posts.length ? (
        <p className="text-slate-400">No posts are held for review.</p>
      ) : (
        held.data.posts.map((p) => <HeldCard key={p.post_id} post={p} />)
      )}
    </section>
  );
}

function HeldCard({ post }: { post: HeldPost }) {
  const decide = useDecideHeld();
  const [note, setNote] = useState('');
  const who = memberName(post.author);
  const run = (release: boolean) =>
    decide.mutate(
      { postId: post.post_id, release, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => toast.success(release ? 'Released: everyone sees the post now.' : 'Removed: its author is told why.'),
        onError: (e) => toast.error(errorMessage(e, 'Could not decide on the post.')),
      },
    );
  return (
    <article aria-label={`Held post by ${who}`} className="flex flex-col gap-3 rounded-2xl border border-slate-800 bg-slate-900 p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold text-slate-50">{who}</h3>
        <time dateTime={post.created_at} className="text-xs text-slate-400">
          {formatDateTime(post.created_at)}
        </time>
      </header>
      <p className="rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-100">
        {post.text || 'A post without text'}
      </p>
      <Field label="Reason if removed (the author reads it)" value={note} onChange={(e) => setNote(e.target.value)} />
      <div className="flex flex-wrap gap-2">
        <Button className="min-h-11" disabled={decide.isPending} onClick={() => run(true)}>
          Release
        </Button>
        <Button variant="danger" className="min-h-11" disabled={decide.isPending} onClick={() => run(false)}>
          Remove
        </Button>
      </div>
    </article>
  );
}
