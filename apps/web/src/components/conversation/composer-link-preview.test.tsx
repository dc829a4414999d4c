import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkPreview } from '@tribeverse/shared';
import { serveFetch } from '../../test-fetch';
import { noRetryClient } from '../../test-render';
import { aDirectMessage } from '../../lib/conversation/messages.test-support';
import { sendBody } from '../../lib/conversation/send';
import { Composer } from './composer';
import { MessageBubble, type MessageActions } from './message-bubble';

const story: LinkPreview = {
  url: 'https://news.example/story',
  title: 'A story',
  description: 'What happened',
  image: null,
  site_name: null,
};
const noop = () => {};

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('removing the link preview before sending (issue 42)', () => {
  it('× removes the card for this message, edits bring nothing back, and the send carries link_preview: false', async () => {
    serveFetch({ '/api/link-preview': [[200, story]] });
    // What the send paths (chat's and communities') put on the wire for what the composer hands over.
    const sent: unknown[] = [];
    const onSend = vi.fn((input: { text: string; reply_to?: number; link_preview?: false }) =>
      sent.push(sendBody({ client_id: 'c-1', ...input })),
    );
    render(
      <QueryClientProvider client={noRetryClient()}>
        <Composer draftKey="7" replyTo={null} editing={null} onCancel={noop} onSend={onSend} onSaveEdit={noop} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const box = screen.getByPlaceholderText('Type a message');
    await user.type(box, 'read https://news.example/story');
    const card = await screen.findByRole('link', { name: /A story/ }, { timeout: 3000 });

    // By keyboard: the × is the next stop after the card's link.
    card.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove preview' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByTestId('link-preview')).toBeNull();
    expect(box).toHaveFocus();

    await user.type(box, ' now');
    expect(screen.queryByTestId('link-preview')).toBeNull();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith({ text: 'read https://news.example/story now', reply_to: undefined, link_preview: false });
    expect(sent).toEqual([{ text: 'read https://news.example/story now', client_id: 'c-1', link_preview: false }]);

    // The next message has its preview again, and says nothing of it when sent.
    await user.type(box, 'https://news.example/story');
    expect(await screen.findByRole('link', { name: /A story/ }, { timeout: 3000 })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenLastCalledWith({ text: 'https://news.example/story', reply_to: undefined });
  });

  it('a message sent without its preview shows none', async () => {
    const calls = serveFetch({ '/api/link-preview': [[200, story]] });
    const actions: MessageActions = { onReply: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(), onReact: vi.fn() };
    const at = new Date().toISOString();
    render(
      <QueryClientProvider client={noRetryClient()}>
        <ul>
          <MessageBubble
            message={aDirectMessage(1, { text: 'https://off.example', link_preview: false, created_at: at })}
            me={2}
            actions={actions}
          />
          <MessageBubble message={aDirectMessage(2, { text: 'https://news.example/story', created_at: at })} me={2} actions={actions} />
        </ul>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('link', { name: /A story/ })).toBeInTheDocument();
    expect(screen.getAllByTestId('link-preview')).toHaveLength(1);
    expect(calls.map((c) => new URL(c.path, 'http://x').pathname)).toEqual(['/api/link-preview']);
  });
});
