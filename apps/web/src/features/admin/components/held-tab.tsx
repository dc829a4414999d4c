import type { HeldPost } from '@tribeverse/shared';
import { errorMessage } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDecideHeld, useHeldPosts } from '../api/held';
import { CaseCard, Decision, QueueList } from './admin-queue';
import { memberName } from './names';

/** Posts a 'hold' filter kept back, oldest first: each released to everyone, or removed with a reason for its author. */
export function HeldTab() {
  const held = useHeldPosts();
  return (
    <section aria-label="Held posts" className="flex flex-col gap-3">
      <QueueList query={held} items={held.data?.posts ?? []} what="held posts" empty="No posts are held for review.">
        {(posts) => posts.map((p) => <HeldCard key={p.post_id} post={p} />)}
      </QueueList>
    </section>
  );
}

function HeldCard({ post }: { post: HeldPost }) {
  const decide = useDecideHeld();
  const who = memberName(post.author);
  const run = (release: boolean, note?: string) =>
    decide.mutate(
      { postId: post.post_id, release, ...(note ? { note } : {}) },
      {
        onSuccess: () => toast.success(release ? 'Released: everyone sees the post now.' : 'Removed: its author is told why.'),
        onError: (e) => toast.error(errorMessage(e, 'Could not decide on the post.')),
      },
    );
  return (
    <CaseCard label={`Held post by ${who}`} title={who} at={post.created_at}>
      <p className="rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-100">
        {post.text || 'A post without text'}
      </p>
      <Decision
        noteLabel="Reason if removed (the author reads it)"
        yes="Release"
        no="Remove"
        noVariant="danger"
        busy={decide.isPending}
        onDecide={run}
      />
    </CaseCard>
  );
}
