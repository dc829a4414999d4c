import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkPreview } from '@tribeverse/shared';
import { serveFetch } from '../../test-fetch';
import { noRetryClient } from '../../test-render';
import { aDirectMessage } from '../../lib/conversation/messages.test-support';
import { MessageBubble, type MessageActions } from '../conversation/message-bubble';
import { ComposerLinkPreview, TextLinkPreview, firstLinkOf } from './link-preview-card';

const story: LinkPreview = {
  url: 'https://news.example/story',
  title: 'A story',
  description: 'What happened',
  image: '/media/0123456789abcdef0123456789abcdef.webp',
  site_name: 'The Daily',
};

const withQueries = (ui: ReactElement) => render(<QueryClientProvider client={noRetryClient()}>{ui}</QueryClientProvider>);

afterEach(() => vi.restoreAllMocks());

describe('link previews', () => {
  it("shows the first link's picture, title, description and site, opening the page apart from the app", async () => {
    const calls = serveFetch({ '/api/link-preview': [[200, story]] });
    withQueries(<TextLinkPreview text="look: https://news.example/story, and https://other.example" />);
    const card = await screen.findByRole('link', { name: /A story/ });
    expect(card).toHaveAttribute('href', 'https://news.example/story');
    expect(card).toHaveAttribute('target', '_blank');
    expect(card).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(card).toHaveTextContent('The Daily');
    expect(card).toHaveTextContent('What happened');
    // Our copy of the picture, decorative (the title says what it is).
    expect(card.querySelector('img')).toHaveAttribute('src', story.image);
    expect(card.querySelector('img')).toHaveAttribute('alt', '');
    expect(calls).toHaveLength(1);
  });

  it('is reached by keyboard', async () => {
    serveFetch({ '/api/link-preview': [[200, story]] });
    withQueries(<TextLinkPreview text="https://news.example/story" />);
    const card = await screen.findByRole('link', { name: /A story/ });
    await userEvent.setup().tab();
    expect(card).toHaveFocus();
  });

  it('shows nothing for a link the server refused, and asks nothing for a text without a link', async () => {
    const calls = serveFetch({ '/api/link-preview': [[422, { code: 'LINK_REFUSED', msg: 'Not public.' }]] });
    withQueries(
      <>
        <TextLinkPreview text="http://127.0.0.1/admin" />
        <TextLinkPreview text="no link here, nor javascript:alert(1)" />
      </>,
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('link-preview')).toBeNull();
  });

  it('takes the first link as the text links it', () => {
    expect(firstLinkOf('see www.tribe.test/x. then https://b.example')).toBe('https://www.tribe.test/x');
    expect(firstLinkOf('nothing')).toBeNull();
  });

  it('shows under a message that has a link', async () => {
    serveFetch({ '/api/link-preview': [[200, story]] });
    const actions: MessageActions = { onReply: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(), onReact: vi.fn() };
    const message = aDirectMessage(1, { text: 'read https://news.example/story', created_at: new Date().toISOString() });
    withQueries(
      <ul>
        <MessageBubble message={message} me={2} actions={actions} />
      </ul>,
    );
    expect(await screen.findByRole('link', { name: /A story/ })).toBeInTheDocument();
  });

  it('in the composer, looks the link up once the typing settles, not at every keystroke', async () => {
    const calls = serveFetch({ '/api/link-preview': [[200, story]] });
    const client = noRetryClient();
    const composer = (text: string) => (
      <QueryClientProvider client={client}>
        <ComposerLinkPreview text={text} />
      </QueryClientProvider>
    );
    const { rerender } = render(composer('https://news.example/st'));
    rerender(composer('https://news.example/story'));
    expect(await screen.findByRole('link', { name: /A story/ })).toHaveAttribute('href', 'https://news.example/story');
    expect(calls.map((c) => c.path)).toEqual(['/api/link-preview']);
  });
});
