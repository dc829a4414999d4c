import { DELETED_MEMBER_NAME, type ChatUser, type Poll, type PollResults } from '@tribeverse/shared';
import { isClosed } from './polls.policy.ts';
import type { PollOptionRow, PollRow, VoterRow } from './polls.repository.ts';

const presentVoter = (row: VoterRow): ChatUser =>
  row.deletedAt
    ? { id: row.id, name: DELETED_MEMBER_NAME, username: null, avatar: null }
    : { id: row.id, name: row.fullName, username: row.username, avatar: row.profilePicture };

/**
 * A poll's results, the same for everyone who may see it. An anonymous poll says how many chose each option and
 * never who: no `voters`, and nothing else that would tell them apart.
 */
export function presentResults(poll: PollRow, options: PollOptionRow[], votes: VoterRow[], now = new Date()): PollResults {
  const byOption = new Map<number, VoterRow[]>();
  for (const vote of votes) byOption.set(vote.optionId, [...(byOption.get(vote.optionId) ?? []), vote]);
  return {
    id: poll.id,
    message_id: poll.messageId,
    post_id: poll.postId,
    creator_id: poll.creatorId,
    question: poll.question,
    multiple: poll.multiple,
    anonymous: poll.anonymous,
    closes_at: poll.closesAt?.toISOString() ?? null,
    closed: isClosed(poll, now),
    total_voters: new Set(votes.map((v) => v.id)).size,
    options: options.map((option) => {
      const chosen = byOption.get(option.id) ?? [];
      return poll.anonymous
        ? { id: option.id, text: option.text, votes: chosen.length }
        : { id: option.id, text: option.text, votes: chosen.length, voters: chosen.map(presentVoter) };
    }),
    created_at: poll.createdAt.toISOString(),
  };
}

/** The results and the caller's own vote (theirs to see even in an anonymous poll). */
export function presentPoll(results: PollResults, myVotes: number[]): Poll {
  return { ...results, my_votes: myVotes };
}
