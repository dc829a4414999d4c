import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { sendForm } from '../../lib/conversation/send';
import { Composer } from './composer';
import { VoiceRecorder } from './voice-recorder';

vi.mock('../../lib/toast', () => ({ toast: { error: vi.fn() } }));

/** jsdom has no microphone: a stream whose one track reports being stopped, and a recorder that hands its data on stop. */
const track = { stop: vi.fn() };
const stream = { getTracks: () => [track] } as unknown as MediaStream;
class FakeRecorder {
  static isTypeSupported = (type: string) => type.startsWith('audio/webm');
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: MediaStream,
    readonly options: { mimeType: string },
  ) {}
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: 'audio/webm' }) });
    this.onstop?.();
  }
}

let clock = 1_000_000;
beforeEach(() => {
  vi.mocked(toast.error).mockClear();
  track.stop.mockClear();
  vi.spyOn(Date, 'now').mockImplementation(() => clock);
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn().mockResolvedValue(stream) },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const mic = () => screen.getByRole('button', { name: 'Record a voice message' });

describe('voice recorder', () => {
  it('records hands-free from the keyboard, shows the time and level, and sends a voice file', async () => {
    const onSend = vi.fn();
    render(<VoiceRecorder onSend={onSend} />);
    mic().focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('meter', { name: 'Microphone level' })).toBeVisible();
    expect(screen.getByRole('timer')).toHaveTextContent('0:00');
    clock += 3_200;
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(screen.getByRole('timer')).toHaveTextContent('0:03');
    await userEvent.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    const file = onSend.mock.calls[0]![0] as File;
    expect(file.name).toBe('voice-message.webm');
    expect(file.type).toBe('audio/webm');
    // The microphone is let go at once.
    expect(track.stop).toHaveBeenCalled();
    expect(screen.queryByTestId('voice-recording')).toBeNull();
  });

  it('Escape and the cancel button throw the recording away', async () => {
    const onSend = vi.fn();
    render(<VoiceRecorder onSend={onSend} />);
    mic().focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByTestId('voice-recording');
    clock += 2_000;
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('voice-recording')).toBeNull();
    expect(mic()).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel recording' }));
    expect(screen.queryByTestId('voice-recording')).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
    expect(track.stop).toHaveBeenCalledTimes(2);
  });

  it('says in words why it cannot record: a refused microphone, none at all, or no recorder', async () => {
    vi.mocked(navigator.mediaDevices.getUserMedia)
      .mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'))
      .mockRejectedValueOnce(new DOMException('Requested device not found', 'NotFoundError'));
    render(<VoiceRecorder onSend={vi.fn()} />);
    mic().focus();
    await userEvent.keyboard('{Enter}');
    expect(toast.error).toHaveBeenLastCalledWith(expect.stringMatching(/^Microphone access is blocked\. Allow the microphone/));
    expect(screen.queryByTestId('voice-recording')).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(toast.error).toHaveBeenLastCalledWith('No microphone was found on this device.');
    vi.stubGlobal('MediaRecorder', undefined);
    await userEvent.keyboard('{Enter}');
    expect(toast.error).toHaveBeenLastCalledWith('This browser cannot record voice messages.');
  });
});

describe('the microphone in the composer', () => {
  it('takes Send’s place while the box is empty, and a recording is sent as a voice note with the reply', async () => {
    const onSend = vi.fn();
    const quoted = { id: 41, text: 'sing?' };
    render(<Composer draftKey="voice-1" replyTo={quoted} editing={null} onCancel={vi.fn()} onSend={onSend} onSaveEdit={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await userEvent.type(screen.getByPlaceholderText('Type a message'), 'la');
    expect(screen.queryByRole('button', { name: 'Record a voice message' })).toBeNull();
    await userEvent.clear(screen.getByPlaceholderText('Type a message'));
    mic().focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByTestId('voice-recording');
    clock += 1_500;
    await userEvent.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith({ text: '', file: expect.any(File), reply_to: 41 });
    // The upload asks the server to check and measure it as a voice note; a picked file is sent as a file.
    const form = sendForm({ client_id: 'c1', text: '' }, onSend.mock.calls[0]![0].file as File);
    expect(form.get('voice')).toBe('1');
    expect(sendForm({ client_id: 'c2', text: '' }, new File(['x'], 'song.webm')).get('voice')).toBeNull();
  });
});
