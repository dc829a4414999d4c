import type { HeldItem, HeldKind } from '@tribeverse/shared';
import { useDecideHeld, useHeldQueue } from '../api/held';
import { CaseCard, Decision, QueueList } from './admin-queue';
import { memberName } from './names';

/** What each kind is called on its card, and what its author's readers get once it is released. */
const KINDS: Record<HeldKind, { name: string; empty: string; released: string }> = {
  post: { name: 'post', empty: 'A post without text', released: 'everyone sees the post now' },
  comment: { name: 'comment', empty: 'A comment without text', released: 'everyone sees the comment now' },
  message: { name: 'message', empty: 'A message without text', released: 'the message is delivered now' },
  profile: { name: 'profile change', empty: 'An emptied name and bio', released: 'everyone sees the new name and bio now' },
};

/**
 * Everything a 'hold' filter kept back, oldest first: each released to everyone, or removed with a reason for its
 * author.
 */
export function HeldTab() {
  const held = useHeldQueue();
  return (
    <section aria-label="Held for review" className="flex flex-col gap-3">
      <QueueList query={held} items={held.data?.items ?? []} what="held items" empty="Nothing is held for review.">
        {(items) => items.map((item) => <HeldCard key={`${item.kind}:${item.id}`} item={item} />)}
      </QueueList>
    </section>
  );
}

function HeldCard({ item }: { item: HeldItem }) {
  const decide = useDecideHeld();
  const who = memberName(item.author);
  const kind = KINDS[item.kind];
  return (
    <CaseCard label={`Held ${kind.name} by ${who}`} title={who} at={item.created_at}>
      {item.context && <p className="text-xs text-slate-300">{item.context}</p>}
      <p className="rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-100">
        {item.text || kind.empty}
      </p>
      <Decision
        noteLabel="Reason if removed (the author reads it)"
        yes="Release"
        no="Remove"
        noVariant="danger"
        mutation={decide}
        vars={(release, note) => ({ kind: item.kind, id: item.id, release, ...(note ? { note } : {}) })}
        done={(release) => (release ? `Released: ${kind.released}.` : 'Removed: its author is told why.')}
        failed={`Could not decide on the ${kind.name}.`}
      />
    </CaseCard>
  );
}
