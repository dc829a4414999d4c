import type { HeldPost } from '@tribeverse/shared';
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
        mutation={decide}
        vars={(release, note) => ({ postId: post.post_id, release, ...(note ? { note } : {}) })}
        done={(release) => (release ? 'Released: everyone sees the post now.' : 'Removed: its author is told why.')}
        failed="Could not decide on the post."
      />
    </CaseCard>
  );
}
