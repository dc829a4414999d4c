import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreatePostModal } from './create-post-modal';
import { renderInApp } from '../../../test-render';

function renderModal(onOpenChange = vi.fn()) {
  const qc = new QueryClient();
  renderInApp(<CreatePostModal open onOpenChange={onOpenChange} />, qc);
  return { onOpenChange };
}

afterEach(() => vi.restoreAllMocks());

describe('Create Post modal', () => {
  it("shows the spec's texts and refuses an empty post with an alert, sending nothing", async () => {
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Create Post' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText("What's on your mind?")).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText("What's on your mind?"), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Type something or attach an image.');
    expect(send).not.toHaveBeenCalled();
    // The app's own alert: OK closes it and leaves the composer as it was.
    await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Create Post' })).toBeInTheDocument();
  });

  it('opens the emoji picker and the options panel independently', async () => {
    renderModal();
    const emoji = screen.getByRole('button', { name: 'Add emoji' });
    const more = screen.getByRole('button', { name: 'More' });
    await userEvent.click(more);
    expect(screen.getByRole('group', { name: 'More options' })).toBeInTheDocument();
    await userEvent.click(emoji);
    expect(emoji).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('group', { name: 'More options' })).toBeInTheDocument();
    await userEvent.click(more);
    expect(screen.queryByRole('group', { name: 'More options' })).toBeNull();
    expect(emoji).toHaveAttribute('aria-expanded', 'true');
  });

  it('puts the emoji picked in the picker at the end of the text and closes the picker', async () => {
    renderModal();
    await userEvent.type(screen.getByPlaceholderText("What's on your mind?"), 'Hello ');
    expect(screen.queryByTestId('emoji-panel')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add emoji' }));
    // The picker is its own chunk, fetched on this first opening; jsdom then lays out every emoji of its first
    // categories, which took 11 s on a quiet 2-core machine and past 20 s on a busy one: the wait is generous.
    const grinning = await within(screen.getByTestId('emoji-panel')).findByLabelText('grinning face', {}, { timeout: 45_000 });
    await userEvent.click(grinning);
    expect(screen.getByPlaceholderText("What's on your mind?")).toHaveValue('Hello 😀');
    expect(screen.queryByTestId('emoji-panel')).toBeNull();
  }, 60_000);

  it('previews chosen images and removes one on request', async () => {
    // jsdom has no object URLs; the previews only need a distinct src per file.
    URL.createObjectURL = vi.fn((f: Blob) => `blob:${(f as File).name}`);
    URL.revokeObjectURL = vi.fn();
    renderModal();
    const files = [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.png', { type: 'image/png' })];
    await userEvent.upload(screen.getByLabelText('Add images'), files);
    expect(screen.getByRole('img', { name: 'a.png' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(screen.queryByRole('img', { name: 'a.png' })).toBeNull();
    expect(screen.getByRole('img', { name: 'b.png' })).toBeInTheDocument();
  });

  it('is read-only while posting: nothing can be typed that the closing modal would throw away', async () => {
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(() => {});
    renderModal();
    const box = screen.getByPlaceholderText("What's on your mind?");
    await userEvent.type(box, 'On its way');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(screen.getByRole('button', { name: 'Posting...' })).toBeDisabled();
    expect(box).toBeDisabled();
    await userEvent.type(box, ' and more');
    expect(box).toHaveValue('On its way');
    expect(screen.getByLabelText('Add images')).toBeDisabled();
  });

  it('retries a failed post under the same id, but a changed post under a new one', async () => {
    // Each failure is told in the app's alert; OK dismisses it before the next try.
    const failureShown = async () => {
      const alert = await screen.findByRole('alertdialog', {}, { timeout: 8000 });
      await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    };
    const ids: string[] = [];
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
      ids.push(String((body as FormData).get('client_id')));
      // The connection drops: the server may or may not have stored it.
      setTimeout(() => this.onerror?.(new ProgressEvent('error')), 0);
    });
    renderModal();
    const box = screen.getByPlaceholderText("What's on your mind?");
    await userEvent.type(box, 'First words');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await failureShown();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await failureShown();
    // Every attempt at the same post, automatic retries included, carries one id.
    expect(new Set(ids).size).toBe(1);
    const sameCount = ids.length;
    await userEvent.clear(box);
    await userEvent.type(box, 'Other words');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await failureShown();
    const changed = ids.slice(sameCount);
    expect(new Set(changed).size).toBe(1);
    expect(changed[0]).not.toBe(ids[0]);
  }, 30_000);
});
