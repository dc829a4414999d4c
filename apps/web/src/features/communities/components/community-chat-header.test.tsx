import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test-render';
import { aCommunity } from '../test-fixtures';
import { CommunityChatHeader } from './community-chat-header';

const online = (n: number) => ({
  community_id: 5,
  online_count: n,
  online: Array.from({ length: Math.min(n, 5) }, (_, i) => ({ id: i + 10, name: `Member ${i + 1}`, avatar: null })),
});

describe('community chat header', () => {
  it("shows the group's name, the live count, five avatars with +N for the rest, and a notice that says who reads the chat", () => {
    const onOpen = vi.fn();
    renderInApp(
      <MemoryRouter>
        <CommunityChatHeader community={aCommunity()} online={online(12)} onOpenActions={onOpen} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Lagos Hikers' })).toBeVisible();
    expect(screen.getByTestId('chatting-count')).toHaveTextContent('12 people currently chatting');
    const [wide] = screen.getAllByRole('list', { name: 'Online now' });
    expect(within(wide!).getAllByRole('button')).toHaveLength(5);
    expect(within(wide!).getByText('+7')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Messages here are kept on our server and seen by the community's members, and by its moderators when reported. They are not end-to-end encrypted.",
      ),
    ).toBeVisible();
  });

  it('one person reads in the singular, and an avatar opens the side modal about that member', async () => {
    const onOpen = vi.fn();
    renderInApp(
      <MemoryRouter>
        <CommunityChatHeader community={aCommunity()} online={online(1)} onOpenActions={onOpen} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('chatting-count')).toHaveTextContent('1 person currently chatting');
    expect(screen.queryByTestId('online-more')).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: 'Member 1: actions' })[0]!);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 10, name: 'Member 1' }));
  });
});
