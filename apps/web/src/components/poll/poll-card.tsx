import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { Check } from 'lucide-react';
import type { Poll } from '@tribeverse/shared';
import { formatDateTime } from '../../lib/datetime';
import { errorMessage } from '../../lib/format';
import { plural } from '../../lib/plural';
import { toast } from '../../lib/toast';
import { useClosePoll, useVote } from '../../lib/api/polls';

/** Largest delay a timer takes (about 24.8 days); a later closing time is looked at again then. */
const MAX_DELAY = 2 ** 31 - 1;

/** Closed, or closed now that its closing time came: the server sends no event for a time passing. */
function useClosedBy(poll: Pick<Poll, 'closed' | 'closes_at'>) {
  const closesAt = poll.closes_at ? Date.parse(poll.closes_at) : null;
  const [, tick] = useState(0);
  useEffect(() => {
    if (poll.closed || closesAt === null || closesAt <= Date.now()) return;
    const timer = setTimeout(() => tick((n) => n + 1), Math.min(closesAt - Date.now(), MAX_DELAY));
    return () => clearTimeout(timer);
  });
  return poll.closed || (closesAt !== null && closesAt <= Date.now());
}

const percent = (votes: number, total: number) => (total ? Math.round((votes / total) * 100) : 0);

/** "Ben, Cy and 3 more": who chose an option, in a poll that is not anonymous. */
function votersLine(voters: NonNullable<Poll['options'][number]['voters']>) {
  const names = voters.map((v) => v.name || v.username || 'A member');
  return names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
}

/**
 * A poll where it is shown (a group's or a channel's message, a post): each option is a button with its share of the
 * votes as a bar, so a tap or Enter votes. Single choice: choosing another option moves the vote, choosing one's own
 * again takes it back; multiple choice: each tap adds or removes that option.
 */
export function PollCard({ poll: given, me }: { poll: Poll; me: number | undefined }) {
  const poll = { ...given, closed: useClosedBy(given) };
  const vote = useVote();
  const close = useClosePoll();
  const busy = vote.isPending || close.isPending;
  const mine = new Set(poll.my_votes);

  const choose = (optionId: number) => {
    const next = poll.multiple
      ? mine.has(optionId)
        ? poll.my_votes.filter((id) => id !== optionId)
        : [...poll.my_votes, optionId]
      : mine.has(optionId)
        ? []
        : [optionId];
    vote.mutate({ poll, optionIds: next }, { onError: (error) => toast.error(errorMessage(error, 'Your vote was not counted')) });
  };

  const kind = [poll.multiple ? 'Multiple choice' : 'One choice', poll.anonymous ? 'anonymous' : 'votes are public'].join(', ');
  return (
    <section
      aria-label={`Poll: ${poll.question}`}
      data-testid="poll"
      className="my-1 flex w-full min-w-60 flex-col gap-2 rounded-xl border border-slate-700 bg-slate-900 p-3 text-left whitespace-normal text-slate-100"
    >
      <h3 className="text-sm font-semibold break-words">{poll.question}</h3>
      <p className="text-xs text-slate-300">
        {kind}
        {poll.closed ? ' · Closed' : poll.closes_at ? ` · Closes ${formatDateTime(poll.closes_at)}` : ''}
      </p>
      <ul className="flex flex-col gap-1.5" role="list">
        {poll.options.map((option) => {
          const share = percent(option.votes, poll.total_voters);
          const chosen = mine.has(option.id);
          return (
            <li key={option.id}>
              <button
                type="button"
                disabled={poll.closed || busy}
                aria-pressed={chosen}
                onClick={() => choose(option.id)}
                aria-label={`${option.text}: ${plural(option.votes, 'vote', 'votes')}, ${share}%${chosen ? ', your choice' : ''}`}
                className={clsx(
                  'relative flex min-h-11 w-full items-center gap-2 overflow-hidden rounded-lg border px-3 py-2 text-left text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 disabled:cursor-default',
                  chosen ? 'border-brand-400' : 'border-slate-700',
                  !poll.closed && 'hover:border-brand-400',
                )}
              >
                <span aria-hidden className="absolute inset-y-0 left-0 bg-brand-600/30 transition-[width]" style={{ width: `${share}%` }} />
                <span aria-hidden className="relative flex size-4 shrink-0 items-center justify-center">
                  {chosen && <Check className="size-4 text-brand-300" />}
                </span>
                <span className="relative min-w-0 flex-1 break-words">{option.text}</span>
                <span aria-hidden className="relative shrink-0 text-xs font-semibold tabular-nums">
                  {share}%
                </span>
              </button>
              {!poll.anonymous && option.voters && option.voters.length > 0 && (
                <p className="mt-0.5 px-1 text-xs text-slate-300">{votersLine(option.voters)}</p>
              )}
            </li>
          );
        })}
      </ul>
      <div className="flex items-center justify-between gap-2 text-xs text-slate-300">
        <span aria-live="polite">{plural(poll.total_voters, 'vote', 'votes')}</span>
        {poll.creator_id === me && !poll.closed && (
          <button
            type="button"
            disabled={busy}
            onClick={() => close.mutate(poll, { onError: (error) => toast.error(errorMessage(error, 'The poll was not closed')) })}
            className="min-h-11 rounded-lg px-3 font-semibold text-slate-100 hover:bg-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
          >
            Close poll
          </button>
        )}
      </div>
    </section>
  );
}
