import { act, createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_ATTACHMENT_MAX_BYTES, type ChatMessage } from '@tribeverse/shared';
import { toast } from '../../lib/toast';
import { Composer, type ComposerHandle, type ComposerProps } from './composer';
import { FileDropZone } from './file-drop-zone';

vi.mock('../../lib/toast', () => ({ toast: { error: vi.fn() } }));

const png = () => new File(['png'], 'shot.png', { type: 'image/png' });
const huge = () => {
  const file = new File(['x'], 'movie.mp4', { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: CHAT_ATTACHMENT_MAX_BYTES + 1 });
  return file;
};
const dataTransfer = (files: File[], text = '') => ({
  files,
  types: [...(files.length ? ['Files'] : []), ...(text ? ['text/plain'] : [])],
  getData: (type: string) => (type === 'text/plain' ? text : ''),
});

function renderComposer(patch: Partial<ComposerProps> = {}) {
  const props: ComposerProps = {
    draftKey: '2',
    replyTo: null,
    editing: null,
    onCancel: vi.fn(),
    onSend: vi.fn(),
    onSaveEdit: vi.fn(),
    ...patch,
  };
  render(<Composer {...props} />);
  return { onSend: props.onSend as ReturnType<typeof vi.fn>, box: screen.getByPlaceholderText('Type a message') };
}

/** Fires a paste and says whether the browser's own paste was let through. */
const paste = (box: HTMLElement, files: File[], text = '') => {
  const event = createEvent.paste(box, { clipboardData: dataTransfer(files, text) });
  fireEvent(box, event);
  return !event.defaultPrevented;
};

beforeEach(() => vi.mocked(toast.error).mockClear());

describe('Composer paste', () => {
  it('shows a pasted image for a caption first, then sends it with the caption and the reply, and clears the box', () => {
    const { onSend, box } = renderComposer({ replyTo: { id: 7, text: 'hi' } as ChatMessage });
    fireEvent.change(box, { target: { value: ' look ' } });
    const file = png();
    expect(paste(box, [file])).toBe(false);
    expect(onSend).not.toHaveBeenCalled();
    expect(within(screen.getByRole('list', { name: 'Files to send' })).getByRole('img', { name: 'shot.png' })).toBeInTheDocument();
    expect(box).toHaveAttribute('placeholder', 'Add a caption');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith({ text: 'look', file, reply_to: 7 });
    expect(box).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
  });

  it('lets a picked file be taken back out before it is sent', () => {
    const { onSend, box } = renderComposer();
    paste(box, [png()]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove shot.png' }));
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
    // Empty again: the microphone takes Send's place, and Enter sends nothing.
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Record a voice message' })).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('leaves a plain-text paste to the browser and sends nothing', () => {
    const { onSend, box } = renderComposer();
    expect(paste(box, [], 'just words')).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('refuses a file over 20 MB with the same toast as the picker', () => {
    const { onSend, box } = renderComposer();
    paste(box, [huge()]);
    expect(onSend).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Files can be at most 20 MB.');
  });

  it('sends nothing while a message is being edited', () => {
    const { onSend, box } = renderComposer({ editing: { id: 3, text: 'old' } as ChatMessage });
    paste(box, [png()]);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('stages dropped files on the same path, each sent as its own message, and none while blocked', () => {
    const onSend = vi.fn();
    const ref = createRef<ComposerHandle>();
    const { rerender } = render(
      <Composer ref={ref} draftKey="2" replyTo={null} editing={null} onCancel={vi.fn()} onSend={onSend} onSaveEdit={vi.fn()} />,
    );
    const a = png();
    const b = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    act(() => ref.current!.addFiles([a, b]));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend.mock.calls).toEqual([[{ text: '', file: a, reply_to: undefined }], [{ text: '', file: b }]]);
    rerender(
      <Composer ref={ref} draftKey="2" disabled replyTo={null} editing={null} onCancel={vi.fn()} onSend={onSend} onSaveEdit={vi.fn()} />,
    );
    act(() => ref.current!.addFiles([png()]));
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
    expect(onSend).toHaveBeenCalledTimes(2);
  });
});

describe('FileDropZone', () => {
  const renderZone = (enabled: boolean) => {
    const onFiles = vi.fn();
    render(
      <FileDropZone aria-label="Current chat" enabled={enabled} onFiles={onFiles}>
        <p>history</p>
      </FileDropZone>,
    );
    return { onFiles, zone: screen.getByRole('region', { name: 'Current chat' }), child: screen.getByText('history') };
  };

  it('shows "Drop to send" while files are dragged over, through its children, and sends what is dropped', () => {
    const { onFiles, zone, child } = renderZone(true);
    const file = png();
    fireEvent.dragEnter(zone, { dataTransfer: dataTransfer([file]) });
    fireEvent.dragEnter(child, { dataTransfer: dataTransfer([file]) });
    fireEvent.dragLeave(zone, { dataTransfer: dataTransfer([file]) });
    expect(screen.getByText('Drop to send')).toBeVisible();
    fireEvent.drop(child, { dataTransfer: dataTransfer([file]) });
    expect(onFiles).toHaveBeenCalledExactlyOnceWith([file]);
    expect(screen.queryByText('Drop to send')).toBeNull();
  });

  it('hides the hint when the drag leaves, and ignores drags of text', () => {
    const { zone } = renderZone(true);
    fireEvent.dragEnter(zone, { dataTransfer: dataTransfer([png()]) });
    fireEvent.dragLeave(zone, { dataTransfer: dataTransfer([png()]) });
    expect(screen.queryByText('Drop to send')).toBeNull();
    fireEvent.dragEnter(zone, { dataTransfer: dataTransfer([], 'words') });
    expect(screen.queryByText('Drop to send')).toBeNull();
  });

  it('neither hints nor sends when sending is off, yet keeps the browser from opening the file', () => {
    const { onFiles, zone } = renderZone(false);
    fireEvent.dragEnter(zone, { dataTransfer: dataTransfer([png()]) });
    expect(screen.queryByText('Drop to send')).toBeNull();
    const drop = createEvent.drop(zone, { dataTransfer: dataTransfer([png()]) });
    fireEvent(zone, drop);
    expect(drop.defaultPrevented).toBe(true);
    expect(onFiles).not.toHaveBeenCalled();
  });
});
