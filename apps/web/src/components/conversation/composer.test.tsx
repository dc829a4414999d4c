import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@tribeverse/shared';
import { Composer } from './composer';

const noop = () => {};
const renderComposer = (peerId: number, props: { editing?: ChatMessage | null; onSend?: () => void } = {}) =>
  render(
    <Composer
      draftKey={String(peerId)}
      replyTo={null}
      editing={props.editing ?? null}
      onCancel={noop}
      onSend={props.onSend ?? noop}
      onSaveEdit={noop}
    />,
  );
const box = () => screen.getByPlaceholderText('Type a message');

afterEach(() => sessionStorage.clear());

describe('composer lines', () => {
  it('sends on Enter and starts a new line on Shift+Enter with a keyboard', async () => {
    const onSend = vi.fn();
    renderComposer(3, { onSend });
    await userEvent.type(box(), 'first line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(box(), '{Enter}');
    expect(onSend).toHaveBeenCalledWith({ text: 'first line\nsecond line', reply_to: undefined });
  });

  it('on a touch screen Enter is a new line and only the Send button sends', async () => {
    // A phone: its primary pointer is a finger.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)', media: query }) as MediaQueryList);
    const onSend = vi.fn();
    renderComposer(4, { onSend });
    await userEvent.type(box(), 'one{Enter}two');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ text: 'one\ntwo', reply_to: undefined });
    vi.unstubAllGlobals();
  });
});

describe('composer drafts', () => {
  it('keeps what was typed in each conversation when switching between them, until it is sent', async () => {
    const first = renderComposer(1);
    await userEvent.type(box(), 'half a thought');
    first.unmount();

    const second = renderComposer(2);
    expect(box()).toHaveValue('');
    second.unmount();

    const onSend = vi.fn();
    renderComposer(1, { onSend });
    expect(box()).toHaveValue('half a thought');
    await userEvent.type(box(), '{Enter}');
    expect(onSend).toHaveBeenCalledWith({ text: 'half a thought', reply_to: undefined });
    expect(box()).toHaveValue('');
    expect(sessionStorage.length).toBe(0);
  });

  it('does not save the text of a message being edited as the draft', async () => {
    const first = renderComposer(1);
    await userEvent.type(box(), 'my draft');
    first.unmount();
    const editing = { id: 5, text: 'sent earlier' } as ChatMessage;
    const view = renderComposer(1, { editing });
    expect(box()).toHaveValue('sent earlier');
    await userEvent.type(box(), '!');
    view.unmount();
    renderComposer(1);
    expect(box()).toHaveValue('my draft');
  });
});

describe('composer reply', () => {
  it('Escape takes the reply back, as its Cancel button does', async () => {
    const onCancel = vi.fn();
    render(
      <Composer
        draftKey="9"
        replyTo={{ id: 70, text: 'Who is in for Saturday?' }}
        editing={null}
        onCancel={onCancel}
        onSend={noop}
        onSaveEdit={noop}
      />,
    );
    expect(screen.getByText('Replying to: Who is in for Saturday?')).toBeVisible();
    await userEvent.type(box(), '{Escape}');
    expect(onCancel).toHaveBeenCalled();
  });
});
