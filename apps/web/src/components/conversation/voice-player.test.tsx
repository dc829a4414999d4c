import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '../../lib/socket';
import { liveSocketForFile } from '../../lib/live-socket.test-support';
import { resetPrivateMediaForTests } from '../../lib/media-access';
import { forgetVoicePlayedForTests, voiceKey } from '../../lib/conversation/voice-played';
import { VoicePlayer } from './voice-player';

const live = vi.hoisted(() => ({ socket: null as AppSocket | null }));
vi.mock('../../lib/socket-provider', () => ({ useSocket: () => live.socket }));
/** What the server heard: each `voice:played` payload. */
const told: unknown[] = [];
const loop = liveSocketForFile(live, (s) => s.on('voice:played', (payload) => void told.push(payload)));

const voice = { duration_ms: 12_400, waveform: Array.from({ length: 64 }, (_, i) => (i * 4) % 256), played: false };
const url = (id: number) => `/media/private/chat/${id}/${'b'.repeat(32)}.webm`;

/** What jsdom lacks of a media element: playing is reported as a browser does, with play and pause events. */
const played: HTMLMediaElement[] = [];
beforeEach(() => {
  resetPrivateMediaForTests();
  forgetVoicePlayedForTests();
  told.length = 0;
  localStorage.clear();
  localStorage.setItem('USER_TOKEN', 'session-token');
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  cleanup();
  played.length = 0;
  vi.restoreAllMocks();
});

type Note = { id: number; own?: boolean; played?: boolean };
const notesUi = (notes: Note[]) => (
  <ul>
    {notes.map((n) => (
      <li key={n.id}>
        <VoicePlayer
          url={url(n.id)}
          voice={{ ...voice, played: n.played ?? false }}
          playKey={voiceKey(7, n.id)}
          messageId={n.id}
          own={n.own ?? false}
        />
      </li>
    ))}
  </ul>
);

async function renderNotes(notes: Note[]) {
  const view = render(notesUi(notes));
  // The media cookie is asked for first: Play waits for it.
  await act(async () => {});
  return view;
}

describe('voice player', () => {
  it('shows the server’s waveform, the length, and a dot until played, which the server is told', async () => {
    await renderNotes([{ id: 1 }, { id: 2, own: true }]);
    const [theirs, mine] = screen.getAllByTestId('voice-player');
    expect(theirs!.querySelectorAll('[data-played-bar]')).toHaveLength(64);
    expect(theirs).toHaveTextContent('0:12');
    expect(screen.getByRole('img', { name: 'Not played yet' })).toBeVisible();
    // One's own note: nobody listened yet.
    expect(screen.getByRole('img', { name: 'Not listened to yet' })).toBeVisible();
    expect(mine).toHaveAttribute('data-played', 'false');

    await userEvent.click(screen.getAllByRole('button', { name: 'Play voice message' })[0]!);
    expect(played[0]!.src).toContain(url(1));
    expect(screen.queryByRole('img', { name: 'Not played yet' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pause voice message' })).toBeVisible();
    // Kept by the server, for every device of this member and for the sender.
    await vi.waitFor(() => expect(told).toEqual([{ message_id: 1 }]));
    // Playing one's own note tells nobody anything.
    await userEvent.click(screen.getAllByRole('button', { name: 'Play voice message' })[0]!);
    expect(screen.getByRole('img', { name: 'Not listened to yet' })).toBeVisible();
    expect(told).toEqual([{ message_id: 1 }]);
  });

  it('follows the server’s played: on the page, and live when someone listens or another tab played it', async () => {
    const view = await renderNotes([{ id: 20, own: true }, { id: 21 }, { id: 22, played: true }]);
    expect(screen.getByRole('img', { name: 'Not listened to yet' })).toBeVisible();
    expect(screen.getAllByRole('img', { name: 'Not played yet' })).toHaveLength(1);
    // The receiver listened to my note; my other tab played note 21.
    loop.room().emit('voice:played', { message_id: 20 });
    loop.room().emit('voice:played', { message_id: 21 });
    await vi.waitFor(() => expect(screen.queryByRole('img', { name: /Not (played|listened to) yet/ })).toBeNull());
    // A later copy that says unplayed (a reaction's event, presented alike for everyone) does not bring the dot back.
    view.rerender(notesUi([{ id: 20, own: true }, { id: 21 }, { id: 22 }]));
    expect(screen.queryByRole('img', { name: /Not (played|listened to) yet/ })).toBeNull();
    expect(told).toEqual([]);
  });

  it('seeks with the arrows, Home and End, and steps the speed 1× → 1.5× → 2× → 1×, kept for the next note', async () => {
    await renderNotes([{ id: 3 }]);
    const slider = screen.getByRole('slider', { name: 'Voice message position' });
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '4');
    expect(slider).toHaveAttribute('aria-valuetext', '0:04 of 0:12');
    await userEvent.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '12');
    await userEvent.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');

    for (const [from, to] of [
      ['1', '1.5'],
      ['1.5', '2'],
      ['2', '1'],
      ['1', '1.5'],
    ])
      await userEvent
        .click(screen.getByRole('button', { name: `Playback speed ${from}×` }))
        .then(() => expect(screen.getByRole('button', { name: `Playback speed ${to}×` })).toBeVisible());
    await userEvent.click(screen.getByRole('button', { name: 'Play voice message' }));
    expect(played[0]!.playbackRate).toBe(1.5);
  });

  it('plays one note at a time, and when one ends the next unplayed one below it plays, skipping played and own ones', async () => {
    await renderNotes([{ id: 10 }, { id: 11, own: true }, { id: 12, played: true }, { id: 13 }]);
    await userEvent.click(screen.getAllByRole('button', { name: 'Play voice message' })[0]!);
    expect(played).toHaveLength(1);
    await act(async () => played[0]!.dispatchEvent(new Event('ended')));
    expect(played).toHaveLength(2);
    expect(played[1]!.src).toContain(url(13));
    const notes = screen.getAllByTestId('voice-player');
    // One's own note stays unlistened: only someone else's play takes its dot away.
    expect(notes.map((n) => n.dataset.played)).toEqual(['true', 'false', 'true', 'true']);
    await vi.waitFor(() => expect(told).toEqual([{ message_id: 10 }, { message_id: 13 }]));
    // Starting another stops the one playing.
    const pause = vi.mocked(HTMLMediaElement.prototype.pause);
    pause.mockClear();
    await userEvent.click(screen.getAllByRole('button', { name: 'Play voice message' })[0]!);
    expect(pause).toHaveBeenCalledTimes(1);
  });
});
