import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPrivateMediaForTests } from '../../lib/media-access';
import { MessageMedia } from '../ui/message-media';
import { AttachmentPreview } from './attachment-preview';
import { FileCard } from './file-card';
import { resetFileSizesForTests } from './use-file-size';

const URL_OF = (n: number) => `/media/private/chat/${n}/${'b'.repeat(32)}.txt`;

afterEach(() => {
  vi.restoreAllMocks();
  resetPrivateMediaForTests();
  resetFileSizesForTests();
});

describe('FileCard', () => {
  it("shows the file's name, type and size, and is one link that downloads it under its own name", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    render(<FileCard href={URL_OF(1)} name="notes.txt" mediaType="text/plain" size={12 * 1024} />);
    const card = screen.getByRole('link', { name: 'notes.txt, Text, 12 KB' });
    expect(within(card).getByText('notes.txt')).toBeVisible();
    expect(within(card).getByText('Text · 12 KB')).toBeVisible();
    expect(card).toHaveAttribute('href', URL_OF(1));
    expect(card).toHaveAttribute('download', 'notes.txt');
  });

  it.each([
    ['application/pdf', 'report.pdf', 'PDF'],
    ['text/csv', 'sums.csv', 'Text'],
    ['application/zip', 'photos.zip', 'Archive'],
    ['audio/mpeg', 'song.mp3', 'Audio'],
    ['video/mp4', 'clip.mp4', 'Video'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'letter.docx', 'DOCX file'],
    ['application/octet-stream', 'blob', 'File'],
  ])('names the type of a %s file (%s) as "%s"', (mediaType, name, label) => {
    render(<FileCard href={URL_OF(2)} name={name} mediaType={mediaType} />);
    expect(screen.getByRole('link', { name: `${name}, ${label}` })).toBeInTheDocument();
    expect(screen.getByText(label)).toBeVisible();
  });

  it('writes the size the way the member’s locale writes numbers', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    render(<FileCard href={URL_OF(3)} name="film.mp4" mediaType="video/mp4" size={1.4 * 1024 * 1024} />);
    expect(screen.getByText('Video · 1,4 MB')).toBeVisible();
  });

  it('is reached with Tab and opened with Enter, as by a tap', async () => {
    const user = userEvent.setup();
    render(<FileCard href={URL_OF(4)} name="notes.txt" mediaType="text/plain" />);
    const card = screen.getByRole('link', { name: 'notes.txt, Text' });
    const opened = vi.fn((event: MouseEvent) => event.preventDefault());
    card.addEventListener('click', opened);
    await user.tab();
    expect(card).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
    await user.click(card);
    expect(opened).toHaveBeenCalledTimes(2);
  });
});

describe('a file in a message', () => {
  it('shows its card at once and its size once the file’s link has answered a HEAD with the media cookie', async () => {
    localStorage.setItem('USER_TOKEN', 'session-token');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    let cookieSet: () => void = () => {};
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation((url) =>
        String(url) === '/api/media/access'
          ? new Promise<Response>((resolve) => (cookieSet = () => resolve(new Response(null, { status: 204 }))))
          : Promise.resolve(new Response(null, { status: 200, headers: { 'content-length': String(12 * 1024) } })),
      );
    const file = { media_url: URL_OF(5), media_type: 'text/plain', file_name: 'notes.txt' };
    render(
      <>
        <MessageMedia message={file} />
        <MessageMedia message={file} />
      </>,
    );
    expect(screen.getAllByRole('link', { name: 'notes.txt, Text' })).toHaveLength(2);
    await act(async () => cookieSet());
    expect(await screen.findAllByRole('link', { name: 'notes.txt, Text, 12 KB' })).toHaveLength(2);
    // Asked once for both cards, after the cookie, and only for its headers.
    const heads = fetchMock.mock.calls.filter(([url]) => String(url) === URL_OF(5));
    expect(heads).toEqual([[URL_OF(5), expect.objectContaining({ method: 'HEAD' })]]);
  });

  it('leaves the size out when the link does not say it', async () => {
    localStorage.setItem('USER_TOKEN', 'session-token');
    vi.spyOn(globalThis, 'fetch').mockImplementation((url) =>
      Promise.resolve(new Response(null, { status: String(url) === '/api/media/access' ? 204 : 404 })),
    );
    render(<MessageMedia message={{ media_url: URL_OF(6), media_type: 'application/pdf', file_name: 'report.pdf' }} />);
    await act(async () => {});
    expect(screen.getByRole('link', { name: 'report.pdf, PDF' })).toBeInTheDocument();
    expect(screen.getByText('PDF')).toBeVisible();
  });
});

describe('a file waiting to be sent', () => {
  it('shows its name and size before it goes', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    const notes = new File(['x'.repeat(2048)], 'notes.txt', { type: 'text/plain' });
    render(<AttachmentPreview files={[notes]} onRemove={vi.fn()} />);
    const list = screen.getByRole('list', { name: 'Files to send' });
    expect(within(list).getByText('notes.txt')).toBeVisible();
    expect(within(list).getByText('2 KB')).toBeVisible();
  });
});
