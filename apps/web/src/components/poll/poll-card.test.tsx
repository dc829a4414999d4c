import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Poll } from '@tribeverse/shared';
import type { AppSocket } from '../../lib/socket';
import { liveSocketForFile } from '../../lib/live-socket.test-support';
import { serveFetch } from '../../test-fetch';
import { noRetryClient } from '../../test-render';
import { MessagePoll } from './poll-slot';

const live = vi.hoisted(() => ({ socket: null as AppSocket | null }));
vi.mock('../../lib/socket-provider', () => ({ useSocket: () => live.socket }));
const loop = liveSocketForFile(live);

const ME = 7;
const poll = (extra: Partial<Poll> = {}): Poll => ({
  id: 3,
  message_id: 40,
  post_id: null,
  creator_id: 1,
  question: 'Where do we meet?',
  multiple: false,
  anonymous: false,
  closes_at: null,
  closed: false,
  total_voters: 2,
  options: [
    { id: 11, text: 'Park', votes: 1, voters: [{ id: 2, name: 'Ben', username: 'ben', avatar: null }] },
    { id: 12, text: 'Cafe', votes: 1, voters: [{ id: 3, name: 'Cy', username: 'cy', avatar: null }] },
  ],
  created_at: '2026-11-29T08:00:00.000Z',
  my_votes: [],
  ...extra,
});

const withQueries = (ui: ReactElement) => render(<QueryClientProvider client={noRetryClient()}>{ui}</QueryClientProvider>);
const groupMessage = { id: 40, group_id: 5 };

afterEach(() => vi.restoreAllMocks());

describe('the poll card', () => {
  it('shows the options with their shares and voters, and votes with a keyboard', async () => {
    const mine = poll({
      my_votes: [11],
      total_voters: 3,
      options: [
        {
          id: 11,
          text: 'Park',
          votes: 2,
          voters: [
            { id: 2, name: 'Ben', username: 'ben', avatar: null },
            { id: ME, name: 'Me', username: 'me', avatar: null },
          ],
        },
        { id: 12, text: 'Cafe', votes: 1, voters: [{ id: 3, name: 'Cy', username: 'cy', avatar: null }] },
      ],
    });
    const calls = serveFetch({ '/api/polls': [[200, { polls: [poll()] }]], 'PUT /api/polls/3/vote': [[200, mine]] });
    withQueries(<MessagePoll message={groupMessage} me={ME} />);
    const card = await screen.findByRole('region', { name: 'Poll: Where do we meet?' });
    expect(within(card).getByRole('button', { name: 'Park: 1 vote, 50%' })).toHaveAttribute('aria-pressed', 'false');
    expect(card).toHaveTextContent('Ben');
    expect(card).toHaveTextContent('2 votes');

    const user = userEvent.setup();
    within(card).getByRole('button', { name: /^Park/ }).focus();
    await user.keyboard('{Enter}');
    expect(await within(card).findByRole('button', { name: 'Park: 2 votes, 67%, your choice' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ option_ids: [11] });
    expect(calls.filter((c) => c.path === '/api/polls')).toHaveLength(1);
  });

  it('adds to the set of one’s choices in a multiple-choice poll', async () => {
    const calls = serveFetch({
      '/api/polls': [[200, { polls: [poll({ multiple: true, my_votes: [11] })] }]],
      'PUT /api/polls/3/vote': [[200, poll({ multiple: true, my_votes: [11, 12] })]],
    });
    withQueries(<MessagePoll message={groupMessage} me={ME} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Cafe/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ option_ids: [11, 12] }));
    expect(await screen.findByRole('button', { name: /^Cafe.*your choice/ })).toBeInTheDocument();
  });

  it('follows live results, says when it is closed and lets nobody vote then', async () => {
    serveFetch({
      '/api/polls': [
        [
          200,
          {
            polls: [
              poll({
                anonymous: true,
                options: [
                  { id: 11, text: 'Park', votes: 0 },
                  { id: 12, text: 'Cafe', votes: 0 },
                ],
                total_voters: 0,
                my_votes: [12],
              }),
            ],
          },
        ],
      ],
    });
    withQueries(<MessagePoll message={groupMessage} me={ME} />);
    await screen.findByText('0 votes');
    const { my_votes: _mine, ...results } = poll({
      anonymous: true,
      closed: true,
      total_voters: 4,
      options: [
        { id: 11, text: 'Park', votes: 3 },
        { id: 12, text: 'Cafe', votes: 1 },
      ],
    });
    loop.room().emit('poll:updated', { poll: results });
    expect(await screen.findByText('4 votes')).toBeInTheDocument();
    expect(screen.getByText(/Closed/)).toBeInTheDocument();
    // Anonymous: the member's own vote stays as they knew it.
    expect(screen.getByRole('button', { name: 'Cafe: 1 vote, 25%, your choice' })).toBeDisabled();
    expect(screen.queryByText('Ben')).toBeNull();
  });

  it('offers its creator to close it', async () => {
    const calls = serveFetch({
      '/api/polls': [[200, { polls: [poll({ creator_id: ME })] }]],
      'POST /api/polls/3/close': [[200, poll({ creator_id: ME, closed: true })]],
    });
    withQueries(<MessagePoll message={groupMessage} me={ME} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Close poll' }));
    await waitFor(() => expect(screen.getByText(/Closed/)).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Close poll' })).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/polls/3/close')).toBe(true);
  });

  it('shows a poll that arrives live after the message was found without one', async () => {
    const calls = serveFetch({ '/api/polls': [[200, { polls: [] }]] });
    withQueries(<MessagePoll message={{ id: 42, channel_id: 9 }} me={ME} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    const { my_votes: _mine, ...results } = poll({ id: 4, message_id: 42, question: 'Late?' });
    loop.room().emit('poll:updated', { poll: { ...results, message_id: 99 } });
    loop.room().emit('poll:updated', { poll: results });
    expect(await screen.findByRole('region', { name: 'Poll: Late?' })).toBeInTheDocument();
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('closes itself at its closing time', async () => {
    const closesAt = new Date(Date.now() + 1500).toISOString();
    serveFetch({ '/api/polls': [[200, { polls: [poll({ message_id: 43, closes_at: closesAt })] }]] });
    withQueries(<MessagePoll message={{ id: 43, group_id: 5 }} me={ME} />);
    expect(await screen.findByRole('button', { name: /^Park/ })).toBeEnabled();
    expect(screen.getByText(/Closes/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Park/ })).toBeDisabled(), { timeout: 4000 });
    expect(screen.getByText(/Closed/)).toBeInTheDocument();
  });

  it('asks nothing for a direct message', async () => {
    const calls = serveFetch({});
    withQueries(<MessagePoll message={{ id: 41 }} me={ME} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });
});
