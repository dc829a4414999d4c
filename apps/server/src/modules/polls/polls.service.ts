import type { ConversationMessage, CreatePollBody, Poll } from '@tribeverse/shared';
import { conflict, notFound } from '../../lib/errors.ts';
import type { ConversationsService, Place } from '../conversations/conversations.service.ts';
import { assertClosingTime, assertCreator, assertMayAttachToPost, assertVoteFits, closedError, isClosed } from './polls.policy.ts';
import { presentPoll, presentResults } from './polls.presenter.ts';
import type { PollAudience, PollEvents } from './polls.events.ts';
import type { PollRow, PollsRepository } from './polls.repository.ts';

const pollNotFound = () => notFound('Poll not found.');

/**
 * Polls on group and channel messages and on posts. Who may see or vote is who may read what carries the poll, asked
 * for every poll a call names (a poll the caller may not see is a 404); results go live to the same people.
 */
export class PollsService {
  constructor(
    private readonly repo: PollsRepository,
    private readonly conversations: Pick<ConversationsService, 'send' | 'checkText'>,
    private readonly events: PollEvents,
  ) {}

  /**
   * A group or a channel: the question goes out as the caller's message through the conversation core (its write
   * rules inside the send statement: a member, not timed out, announcements for moderators), the poll is stored on
   * it, and only then the room hears of the message. A post: the poll goes on the caller's post just written.
   */
  async create(me: number, body: CreatePollBody): Promise<{ poll: Poll; message: ConversationMessage | null }> {
    const closesAt = body.closes_at ? new Date(body.closes_at) : null;
    assertClosingTime(closesAt);
    // The instance's content filters, as for any message or post (a message poll's question is checked again as its text).
    this.conversations.checkText(body.question, ...body.options);
    const fields = { creatorId: me, question: body.question, multiple: body.multiple, anonymous: body.anonymous, closesAt };
    const target = body.target;
    if (target.kind === 'post') {
      const post = await this.repo.findPost(target.post_id);
      if (!post || !(await this.repo.readablePosts(me, [post.id])).length) throw notFound('Post not found.');
      assertMayAttachToPost(post, me);
      if ((await this.repo.findByPostIds([post.id])).length) throw conflict('This post has a poll already.');
      const row = await this.repo.insert({ ...fields, postId: post.id }, body.options);
      return { poll: await this.announce(row, { kind: 'post', hiddenFrom: await this.repo.blockedEitherWay(me) }, me), message: null };
    }
    const place = await this.placeOf(target);
    const sent = await this.conversations.send(place, me, { text: `📊 ${body.question}`, client_id: body.client_id });
    const [existing] = await this.repo.findByMessageIds([sent.message.id]);
    // A retry of a send stored before: its poll, told to the room the first time.
    if (existing) return { poll: await this.present(existing, me), message: sent.message };
    const row = await this.repo.insert({ ...fields, messageId: sent.message.id }, body.options);
    this.events.newMessage(sent.message);
    return { poll: await this.present(row, me), message: sent.message };
  }

  private async placeOf(target: Exclude<CreatePollBody['target'], { kind: 'post' }>): Promise<Place> {
    if (target.kind === 'group') return { kind: 'group', conversationId: target.group_id };
    const channel = await this.repo.findChannel(target.community_id, target.channel_id);
    if (!channel) throw notFound('Conversation not found.');
    return { kind: 'channel', ...channel };
  }

  /** The polls of these messages and posts the caller may read; the others are left out, as if they had none. */
  async list(me: number, query: { message_ids?: number[]; post_ids?: number[] }): Promise<Poll[]> {
    const [carriers, readablePosts] = await Promise.all([
      this.repo.readableMessages(me, query.message_ids ?? []),
      this.repo.readablePosts(me, query.post_ids ?? []),
    ]);
    const rows = [
      ...(await this.repo.findByMessageIds(carriers.map((c) => c.messageId))),
      ...(await this.repo.findByPostIds(readablePosts.map((p) => p.id))),
    ];
    return this.presentAll(rows, me);
  }

  async get(me: number, pollId: number): Promise<Poll> {
    const { poll } = await this.visible(me, pollId);
    return this.present(poll, me);
  }

  /** Replaces the caller's vote (none takes it back) while the poll is open; everyone who sees it hears the results. */
  async vote(me: number, pollId: number, optionIds: number[]): Promise<Poll> {
    const { poll, audience } = await this.visible(me, pollId);
    if (isClosed(poll)) throw closedError();
    assertVoteFits(poll, await this.repo.findOptions([poll.id]), optionIds);
    if (!(await this.repo.replaceVote(poll.id, me, optionIds))) throw closedError();
    return this.announce(poll, audience, me);
  }

  /** The creator ends voting early; closing a closed poll changes nothing. */
  async close(me: number, pollId: number): Promise<Poll> {
    const { poll, audience } = await this.visible(me, pollId);
    assertCreator(poll, me);
    await this.repo.close(poll.id);
    return this.announce((await this.repo.findById(poll.id)) ?? poll, audience, me);
  }

  /** The caller's view of the poll; everyone who sees it gets the results (without anyone's own vote). */
  private async announce(poll: PollRow, audience: PollAudience, me: number) {
    const view = await this.present(poll, me);
    const { my_votes: _mine, ...results } = view;
    this.events.updated(audience, results);
    return view;
  }

  /** The poll if the caller may read what carries it, with who hears of its changes; otherwise 404. */
  private async visible(me: number, pollId: number): Promise<{ poll: PollRow; audience: PollAudience }> {
    const poll = await this.repo.findById(pollId);
    if (!poll) throw pollNotFound();
    if (poll.messageId !== null) {
      const [carrier] = await this.repo.readableMessages(me, [poll.messageId]);
      if (!carrier) throw pollNotFound();
      const audience: PollAudience =
        carrier.kind === 'group'
          ? { kind: 'group', conversationId: carrier.conversationId }
          : { kind: 'channel', communityId: carrier.communityId! };
      return { poll, audience };
    }
    const [post] = await this.repo.readablePosts(me, [poll.postId!]);
    if (!post) throw pollNotFound();
    return { poll, audience: { kind: 'post', hiddenFrom: await this.repo.blockedEitherWay(post.authorId) } };
  }

  private async present(poll: PollRow, me: number) {
    return (await this.presentAll([poll], me))[0]!;
  }

  /** Several polls with two lookups in all (options, votes). */
  private async presentAll(rows: PollRow[], me: number): Promise<Poll[]> {
    const ids = rows.map((r) => r.id);
    const [options, votes] = await Promise.all([this.repo.findOptions(ids), this.repo.findVoters(ids)]);
    return rows.map((row) => {
      const own = votes.filter((v) => v.pollId === row.id);
      const results = presentResults(
        row,
        options.filter((o) => o.pollId === row.id),
        own,
      );
      return presentPoll(
        results,
        own.filter((v) => v.id === me).map((v) => v.optionId),
      );
    });
  }
}
