import { badRequest, forbidden } from '../../lib/errors.ts';
import { ErrorCode } from '@tribeverse/shared';
import type { PollOptionRow, PollRow } from './polls.repository.ts';

/** A poll is attached to one of the caller's posts only just after writing it (the post composer's second step). */
export const POST_ATTACH_WINDOW_MS = 10 * 60_000;

/** Closed by its creator, or past its closing time. */
export const isClosed = (poll: Pick<PollRow, 'closedAt' | 'closesAt'>, now = new Date()) =>
  poll.closedAt !== null || (poll.closesAt !== null && poll.closesAt <= now);

export const closedError = () => forbidden('This poll is closed.');

/** A closing time is in the future (a minute at least, so a slow clock does not make a poll closed at birth). */
export function assertClosingTime(closesAt: Date | null, now = new Date()) {
  if (closesAt && closesAt.getTime() < now.getTime() + 60_000)
    throw badRequest('Pick a closing time in the future', ErrorCode.VALIDATION_FAILED, 'closes_at');
}

/** A vote names options of this poll, each once; one at most unless the poll takes several. */
export function assertVoteFits(poll: PollRow, options: PollOptionRow[], optionIds: number[]) {
  const own = new Set(options.filter((o) => o.pollId === poll.id).map((o) => o.id));
  if (new Set(optionIds).size !== optionIds.length) throw badRequest('Choose each option once', ErrorCode.VALIDATION_FAILED, 'option_ids');
  if (optionIds.some((id) => !own.has(id))) throw badRequest('That option is not in this poll', ErrorCode.VALIDATION_FAILED, 'option_ids');
  if (!poll.multiple && optionIds.length > 1) throw badRequest('This poll takes one choice', ErrorCode.VALIDATION_FAILED, 'option_ids');
}

/** Only the member who made the poll closes it early. */
export function assertCreator(poll: PollRow, me: number) {
  if (poll.creatorId !== me) throw forbidden('Only the poll’s creator can close it.');
}

/** A post takes a poll from its author, once, just after writing it; never a repost. */
export function assertMayAttachToPost(
  post: { authorId: number; sharedPostId: number | null; createdAt: Date },
  me: number,
  now = new Date(),
) {
  if (post.authorId !== me) throw forbidden('You can only add a poll to your own post.');
  if (post.sharedPostId !== null) throw badRequest('A repost cannot take a poll.', ErrorCode.VALIDATION_FAILED, 'target');
  if (now.getTime() - post.createdAt.getTime() > POST_ATTACH_WINDOW_MS)
    throw badRequest('A poll is added when the post is written.', ErrorCode.VALIDATION_FAILED, 'target');
}
