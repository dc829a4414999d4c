import clsx from 'clsx';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Pause, Play } from 'lucide-react';
import type { VoiceNoteOnMessage } from '@tribeverse/shared';
import { usePrivateMedia } from '../../lib/media-access';
import { useSocket } from '../../lib/socket-provider';
import { markVoicePlayed, useVoicePlayed } from '../../lib/conversation/voice-played';
import {
  clockOf,
  endedVoice,
  nextSpeed,
  registerVoice,
  savedSpeed,
  startedVoice,
  type VoiceSpeed,
} from '../../lib/conversation/voice-playback';

/** How far an arrow key moves the position. */
const STEP_MS = 2000;

export interface VoicePlayerProps {
  url: string;
  /** The server's measure, and `played` as this member sees it (schemas/voice.ts). */
  voice: VoiceNoteOnMessage;
  /** voiceKey(me, message id): what "played" is kept under in this tab, and the player's place for playing on. */
  playKey: string;
  messageId: number;
  /**
   * One's own note: its dot says nobody else listened yet (it goes when someone does); playing it marks nothing, and
   * playback never continues onto it.
   */
  own: boolean;
}

/**
 * A voice message inline: play/pause, the waveform the server measured with the progress drawn on it (a slider:
 * click or drag to seek, arrows to step, Home/End), the time, and the speed (1×, 1.5×, 2×, kept for the next notes).
 * A note not played yet has a dot (one's own: until someone else played it); when one ends, the next unplayed note
 * below it plays. Playing someone else's note tells the server (socket `voice:played`), which keeps it for the
 * member's other devices and tells the sender.
 */
export function VoicePlayer({ url, voice, playKey, messageId, own }: VoicePlayerProps) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [speed, setSpeed] = useState<VoiceSpeed>(savedSpeed);
  const played = useVoicePlayed(playKey, messageId, voice);
  // Read by playback's "next unplayed" at the moment a note ends, not when this player registered.
  const playedNow = useRef(played);
  playedNow.current = played;
  const socket = useSocket();
  const duration = Math.max(voice.duration_ms, 1);
  // The file is private: fetched only once this browser holds the media cookie (lib/media-access.ts).
  const media = usePrivateMedia();
  const { onError } = media;

  const element = useCallback(() => {
    if (audio.current) return audio.current;
    const a = new Audio(url);
    a.preload = 'auto';
    a.ontimeupdate = () => setPosition(Math.min(duration, a.currentTime * 1000));
    a.onplay = () => setPlaying(true);
    a.onpause = () => setPlaying(false);
    a.onerror = () => {
      // The cookie ran out or belongs to an earlier session: asked again, and the next Play fetches afresh.
      setPlaying(false);
      audio.current = null;
      onError();
    };
    a.onended = () => {
      setPlaying(false);
      setPosition(0);
      endedVoice(playKey);
    };
    audio.current = a;
    return a;
  }, [url, duration, playKey, onError]);

  const play = useCallback(() => {
    const a = element();
    a.playbackRate = savedSpeed();
    startedVoice(playKey);
    if (!own && !playedNow.current) {
      // The dot goes at once; the server keeps it (an emit made while offline goes out on reconnecting).
      markVoicePlayed(playKey);
      socket?.emit('voice:played', { message_id: messageId });
    }
    void a.play().catch(() => setPlaying(false));
  }, [element, playKey, own, socket, messageId]);
  const pause = useCallback(() => audio.current?.pause(), []);

  useEffect(() => registerVoice(playKey, { play, pause, played: () => own || playedNow.current }), [playKey, play, pause, own]);
  useEffect(
    () => () => {
      audio.current?.pause();
      audio.current = null;
    },
    [url],
  );

  // While playing, the progress moves smoothly rather than at timeupdate's few steps a second.
  useEffect(() => {
    if (!playing) return;
    let frame = requestAnimationFrame(function tick() {
      if (audio.current) setPosition(Math.min(duration, audio.current.currentTime * 1000));
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, duration]);

  const seek = (ms: number) => {
    const to = Math.min(duration, Math.max(0, ms));
    setPosition(to);
    element().currentTime = to / 1000;
  };
  const onPointer = (e: PointerEvent<HTMLDivElement>) => {
    if (e.type === 'pointermove' && !e.buttons) return;
    const box = e.currentTarget.getBoundingClientRect();
    seek(((e.clientX - box.left) / Math.max(1, box.width)) * duration);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const to = { ArrowLeft: -STEP_MS, ArrowDown: -STEP_MS, ArrowRight: STEP_MS, ArrowUp: STEP_MS }[e.key];
    if (to !== undefined) seek(position + to);
    else if (e.key === 'Home') seek(0);
    else if (e.key === 'End') seek(duration);
    else return;
    e.preventDefault();
  };
  const changeSpeed = () => {
    const next = nextSpeed(speed);
    setSpeed(next);
    if (audio.current) audio.current.playbackRate = next;
  };

  const progress = position / duration;
  const bars = voice.waveform.length ? voice.waveform : [0];
  return (
    <div data-testid="voice-player" data-voice-key={playKey} data-played={played} className="mb-1 flex w-64 max-w-full items-center gap-2">
      <button
        type="button"
        onClick={() => (playing ? pause() : play())}
        disabled={!media.ready}
        aria-busy={!media.ready}
        aria-label={playing ? 'Pause voice message' : 'Play voice message'}
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-current/15 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
      >
        {playing ? <Pause className="size-5" aria-hidden /> : <Play className="size-5" aria-hidden />}
      </button>
      <div className="min-w-0 flex-1">
        <div
          role="slider"
          tabIndex={0}
          aria-label="Voice message position"
          aria-valuemin={0}
          aria-valuemax={Math.round(duration / 1000)}
          aria-valuenow={Math.round(position / 1000)}
          aria-valuetext={`${clockOf(position)} of ${clockOf(duration)}`}
          onPointerDown={onPointer}
          onPointerMove={onPointer}
          onKeyDown={onKey}
          className="flex h-8 cursor-pointer touch-none items-center gap-px rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
        >
          {bars.map((peak, i) => (
            <span
              key={i}
              aria-hidden
              data-played-bar={(i + 0.5) / bars.length <= progress}
              className={clsx('flex-1 rounded-full bg-current', (i + 0.5) / bars.length <= progress ? 'opacity-100' : 'opacity-55')}
              style={{ height: `${Math.max(10, Math.round((peak / 255) * 100))}%` }}
            />
          ))}
        </div>
        <div className="mt-0.5 flex items-center gap-2 text-xs">
          <span className="tabular-nums">{playing || position > 0 ? clockOf(position) : clockOf(duration)}</span>
          {!played && (
            <span role="img" aria-label={own ? 'Not listened to yet' : 'Not played yet'} className="size-2 rounded-full bg-current" />
          )}
          <button
            type="button"
            onClick={changeSpeed}
            aria-label={`Playback speed ${speed}×`}
            className="-my-2 ml-auto min-h-11 min-w-11 rounded-full px-2 font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
          >
            {speed}×
          </button>
        </div>
      </div>
    </div>
  );
}
