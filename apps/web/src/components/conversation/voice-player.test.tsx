import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPrivateMediaForTests } from '../../lib/media-access';
import { voiceKey } from '../../lib/conversation/voice-played';
import { VoicePlayer } from './voice-player';

const voice = { duration_ms: 12_400, waveform: Array.from({ length: 64 }, (_, i) => (i * 4) % 256) };
const url = (id: number) => `/media/private/chat/${id}/${'b'.repeat(32)}.webm`;

/** What jsdom lacks of a media element: playing is reported as a browser does, with play and pause events. */
const played: HTMLMediaElement[] = [];
beforeEach(() => {
  resetPrivateMediaForTests();
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

async function renderNotes(notes: Array<{ id: number; own?: boolean }>) {
  render(
    <ul>
      {notes.map((n) => (
        <li key={n.id}>
          <VoicePlayer url={url(n.id)} voice={voice} playKey={voiceKey(7, n.id)} own={n.own ?? false} />
        </li>
      ))}
    </ul>,
  );
  // The media cookie is asked for first: Play waits for it.
  await act(async () => {});
}

describe('voice player', () => {
  it('shows the server’s waveform, the length, and a dot until played', async () => {
    await renderNotes([{ id: 1 }, { id: 2, own: true }]);
    const [theirs, mine] = screen.getAllByTestId('voice-player');
    expect(theirs!.querySelectorAll('[data-played-bar]')).toHaveLength(64);
    expect(theirs).toHaveTextContent('0:12');
    // One's own note is never "not played".
    expect(screen.getAllByRole('img', { name: 'Not played yet' })).toHaveLength(1);
    expect(mine).toHaveAttribute('data-played', 'true');

    await userEvent.click(screen.getAllByRole('button', { name: 'Play voice message' })[0]!);
    expect(played[0]!.src).toContain(url(1));
    expect(screen.queryByRole('img', { name: 'Not played yet' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pause voice message' })).toBeVisible();
    // Kept in this browser for this member.
    expect(localStorage.getItem('tribeverse:voice-played')).toContain(voiceKey(7, 1));
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
    localStorage.setItem('tribeverse:voice-played', JSON.stringify([voiceKey(7, 12)]));
    await renderNotes([{ id: 10 }, { id: 11, own: true }, { id: 12 }, { id: 13 }]);
    await userEvent.click(screen.getAllByRole('button', { name: 'Play voice message' })[0]!);
    expect(played).toHaveLength(1);
    await act(async () => played[0]!.dispatchEvent(new Event('ended')));
    expect(played).toHaveLength(2);
    expect(played[1]!.src).toContain(url(13));
    const notes = screen.getAllByTestId('voice-player');
    expect(notes.map((n) => n.dataset.played)).toEqual(['true', 'true', 'true', 'true']);
    // Starting another stops the one playing.
    const pause = vi.mocked(HTMLMediaElement.prototype.pause);
    pause.mockClear();
    await userEvent.click(screen.getAllByRole('button', { name: 'Play voice message' })[0]!);
    expect(pause).toHaveBeenCalledTimes(1);
  });
});
