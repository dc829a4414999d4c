import clsx from 'clsx';
import { useEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { ChevronLeft, Mic, SendHorizontal, Trash2 } from 'lucide-react';
import { toast } from '../../lib/toast';
import { useVoiceRecorder } from '../../lib/conversation/use-voice-recorder';
import { clockOf } from '../../lib/conversation/voice-playback';
import { LevelBar } from '../ui/level-bar';

/** A press shorter than this is a tap: recording goes on hands-free until Send or Cancel. */
const TAP_MS = 350;
/** Sliding this far left while holding throws the recording away. */
const SLIDE_CANCEL_PX = 96;

/**
 * The composer's microphone (shown while the box is empty, as in Telegram): hold to record and let go to send, slide
 * left (or press Escape) to cancel; or tap (or press Enter/Space) to record hands-free, then Send or Cancel. While
 * it records, a bar over the text box shows the time and a live level. The microphone is asked for at the first
 * press; a refusal is said in words.
 */
export function VoiceRecorder({ onSend, disabled }: { onSend(file: File): void; disabled?: boolean }) {
  const { state, level, start, stop } = useVoiceRecorder(
    (file) => onSend(file),
    (problem) => toast.error(problem),
  );
  const [mode, setMode] = useState<'hold' | 'locked' | null>(null);
  const [slide, setSlide] = useState(0);
  const press = useRef<{ at: number; x: number; send: boolean } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const active = state.phase !== 'idle';
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!active) {
      setMode(null);
      setSlide(0);
      return;
    }
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);

  // Escape cancels wherever focus is, while recording.
  useEffect(() => {
    if (!active) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      stop(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active, stop]);

  const cancel = () => {
    stop(false);
    button.current?.focus();
  };

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0 || disabled) return;
    e.preventDefault();
    if (mode === 'locked') {
      press.current = { at: Date.now(), x: e.clientX, send: true };
      return;
    }
    e.currentTarget.setPointerCapture?.(e.pointerId);
    press.current = { at: Date.now(), x: e.clientX, send: false };
    setMode('hold');
    void start();
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (mode !== 'hold' || !press.current) return;
    const moved = Math.max(0, press.current.x - e.clientX);
    setSlide(moved);
    if (moved > SLIDE_CANCEL_PX) {
      press.current = null;
      stop(false);
    }
  };
  const onPointerUp = () => {
    const pressed = press.current;
    press.current = null;
    setSlide(0);
    if (!pressed) return;
    if (pressed.send) stop(true);
    else if (mode === 'hold') {
      if (Date.now() - pressed.at < TAP_MS) setMode('locked');
      else stop(true);
    }
  };
  const onPointerCancel = () => {
    if (mode === 'hold') stop(false);
    press.current = null;
  };
  // A click with no pointer behind it (Enter or Space, or assistive technology): the hands-free way.
  const onClick = (e: MouseEvent<HTMLButtonElement>) => {
    if (e.detail !== 0) return;
    if (mode === 'locked') stop(true);
    else if (!active) {
      setMode('locked');
      void start();
    }
  };

  const elapsed = state.phase === 'recording' ? now - state.startedAt : 0;
  const locked = mode === 'locked' && active;
  return (
    <>
      {active && (
        <div
          data-testid="voice-recording"
          className="absolute right-12 bottom-0 left-0 flex h-11 items-center gap-2 rounded-3xl border border-slate-700 bg-slate-900 pr-3 pl-1 text-sm text-slate-100"
        >
          <button
            type="button"
            onClick={cancel}
            aria-label="Cancel recording"
            className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-300 hover:bg-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
          >
            <Trash2 className="size-5" aria-hidden />
          </button>
          <span aria-hidden className="size-2.5 shrink-0 animate-pulse rounded-full bg-red-500" />
          <span role="timer" aria-label={`Recording ${clockOf(elapsed)}`} className="w-10 shrink-0 tabular-nums">
            {state.phase === 'starting' ? '…' : clockOf(elapsed)}
          </span>
          <LevelBar
            role="meter"
            label="Microphone level"
            fraction={level}
            className="relative h-2 min-w-8 flex-1 overflow-hidden rounded-full bg-slate-700"
            fillClassName="absolute inset-y-0 left-0 rounded-full bg-accent-200 transition-[width] duration-75"
          />
          <span className="hidden shrink-0 items-center text-xs text-slate-300 sm:inline-flex" style={{ opacity: 1 - slide / 150 }}>
            {locked ? (
              'Esc to cancel'
            ) : (
              <>
                <ChevronLeft className="size-4" aria-hidden /> Slide to cancel
              </>
            )}
          </span>
        </div>
      )}
      <button
        ref={button}
        type="button"
        disabled={disabled}
        aria-label={locked ? 'Send voice message' : active ? 'Recording: release to send' : 'Record a voice message'}
        aria-pressed={locked ? undefined : active}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onClick={onClick}
        onContextMenu={(e) => e.preventDefault()}
        className={clsx(
          'flex size-11 shrink-0 touch-none items-center justify-center rounded-full select-none focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 disabled:cursor-not-allowed disabled:bg-slate-700 disabled:text-slate-400',
          active && !locked ? 'scale-110 bg-red-700 text-white' : 'bg-brand-600 text-white hover:bg-brand-700',
        )}
      >
        {locked ? <SendHorizontal className="size-5" aria-hidden /> : <Mic className="size-5" aria-hidden />}
      </button>
    </>
  );
}
