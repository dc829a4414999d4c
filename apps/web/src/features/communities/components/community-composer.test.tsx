import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test-render';
import { aMessage } from '../test-fixtures';
import { CommunityComposer } from './community-composer';

const props = () => ({ replyTo: null, editing: null, onCancel: vi.fn(), onSend: vi.fn(), onSaveEdit: vi.fn() });

describe('community composer', () => {
  it("'Message...' sends trimmed text; blank text is not sent", async () => {
    const p = props();
    renderInApp(<CommunityComposer {...p} />);
    const box = screen.getByPlaceholderText('Message...');
    await userEvent.type(box, '   {Enter}');
    expect(p.onSend).not.toHaveBeenCalled();
    await userEvent.type(box, '  Hello tribe  {Enter}');
    expect(p.onSend).toHaveBeenCalledWith({ text: 'Hello tribe', reply_to: undefined });
    expect(box).toHaveValue('');
  });

  it('a reply names the message replied to and sends its id; Escape cancels it', async () => {
    const p = { ...props(), replyTo: aMessage() };
    renderInApp(<CommunityComposer {...p} />);
    expect(screen.getByText(/Replying to Bob Stone: Who is in for Saturday\?/)).toBeVisible();
    await userEvent.type(screen.getByPlaceholderText('Message...'), 'Me!{Enter}');
    expect(p.onSend).toHaveBeenCalledWith({ text: 'Me!', reply_to: 70 });
    await userEvent.type(screen.getByPlaceholderText('Message...'), '{Escape}');
    expect(p.onCancel).toHaveBeenCalled();
  });

  it('a timed-out member sees why instead of a box', () => {
    renderInApp(<CommunityComposer {...props()} disabledReason="A moderator timed you out" />);
    expect(screen.queryByPlaceholderText('Message...')).toBeNull();
    expect(screen.getByText('A moderator timed you out')).toBeVisible();
  });
});
