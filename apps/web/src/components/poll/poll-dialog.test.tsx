import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveFetch } from '../../test-fetch';
import { noRetryClient } from '../../test-render';
import { PollButton } from './poll-button';
import { PollDialog } from './poll-dialog';

afterEach(() => vi.restoreAllMocks());

function open() {
  const onSubmit = vi.fn(async () => {});
  const onOpenChange = vi.fn();
  render(<PollDialog open onOpenChange={onOpenChange} onSubmit={onSubmit} />);
  return { onSubmit, onOpenChange, user: userEvent.setup() };
}

describe('the poll dialog', () => {
  it('builds a poll of up to ten options, by keyboard', async () => {
    const { onSubmit, onOpenChange, user } = open();
    await user.type(screen.getByLabelText('Question'), 'Lunch?');
    await user.type(screen.getByLabelText('Option 1'), 'Pizza');
    await user.type(screen.getByLabelText('Option 2'), 'Sushi');
    const add = screen.getByRole('button', { name: 'Add option' });
    for (let i = 3; i <= 10; i++) await user.click(add);
    expect(screen.queryByRole('button', { name: 'Add option' })).toBeNull();
    for (let i = 10; i >= 4; i--) await user.click(screen.getByRole('button', { name: `Remove option ${i}` }));
    await user.type(screen.getByLabelText('Option 3'), 'Salad');
    await user.click(screen.getByLabelText('Allow several choices'));
    await user.click(screen.getByLabelText('Anonymous: nobody sees who voted'));
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    expect(onSubmit).toHaveBeenCalledWith({
      question: 'Lunch?',
      options: ['Pizza', 'Sushi', 'Salad'],
      multiple: true,
      anonymous: true,
      closes_at: null,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // Twenty-odd keystrokes and clicks: more than the default five seconds on a busy machine.
  }, 20_000);

  it('says what is missing and sends nothing', async () => {
    const { onSubmit, user } = open();
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Ask a question.');
    await user.type(screen.getByLabelText('Question'), 'Lunch?');
    await user.type(screen.getByLabelText('Option 1'), 'Pizza');
    await user.type(screen.getByLabelText('Option 2'), 'pizza');
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Options must differ.');
    expect(screen.queryByRole('button', { name: /Remove option/ })).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and stays open', async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error('A moderator has timed you out.');
    });
    const onOpenChange = vi.fn();
    render(<PollDialog open onOpenChange={onOpenChange} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Question'), 'Lunch?');
    await user.type(screen.getByLabelText('Option 1'), 'Pizza');
    await user.type(screen.getByLabelText('Option 2'), 'Sushi');
    await user.click(screen.getByRole('button', { name: 'Create poll' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A moderator has timed you out.');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('opens from the composer’s Poll action and sends the poll to the conversation', async () => {
    const calls = serveFetch({ 'POST /api/polls': [[201, { poll: { id: 1, message_id: 9, post_id: null }, message: null }]] });
    render(
      <QueryClientProvider client={noRetryClient()}>
        <PollButton target={{ kind: 'group', group_id: 5 }} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Poll' }));
    await user.type(screen.getByLabelText('Question'), 'Lunch?');
    await user.type(screen.getByLabelText('Option 1'), 'Pizza');
    await user.type(screen.getByLabelText('Option 2'), 'Sushi');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/polls',
      body: { target: { kind: 'group', group_id: 5 }, question: 'Lunch?', options: ['Pizza', 'Sushi'], multiple: false },
    });
    expect(screen.getByRole('button', { name: 'Poll' })).toHaveFocus();
  });
});
