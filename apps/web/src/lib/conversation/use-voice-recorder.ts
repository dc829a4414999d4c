import { useCallback, useEffect, useRef, useState } from 'react';
import { VOICE_LIMITS } from '@tribeverse/shared';
import { VOICE_FILE_PREFIX } from './voice-playback';

/** Opus in WebM (Chromium, Safari) or in Ogg (Firefox): the two the server reads. */
const TYPES = [
  { mime: 'audio/webm;codecs=opus', extension: 'webm' },
  { mime: 'audio/ogg;codecs=opus', extension: 'ogg' },
] as const;

export type RecorderState =
  | { phase: 'idle' }
  /** Waiting for the microphone (the browser may be asking the member). */
  | { phase: 'starting' }
  | { phase: 'recording'; startedAt: number };

/** A live level (0–1, the signal's RMS) from Web Audio; without it recording still works, with no meter. */
function levelMeter(stream: MediaStream): { audio: AudioContext | null; read(): number } {
  try {
    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 512;
    audio.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const read = () => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const v of samples) sum += ((v - 128) / 128) ** 2;
      // Speech sits around 0.05–0.3 RMS: scaled so talking fills most of the meter.
      return Math.min(1, Math.sqrt(sum / samples.length) * 4);
    };
    return { audio, read };
  } catch {
    return { audio: null, read: () => 0 };
  }
}

/** Why recording could not start, worded for the member. */
export function microphoneProblem(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return "Microphone access is blocked. Allow the microphone for this site in your browser's settings to record voice messages.";
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No microphone was found on this device.';
  if (name === 'NotReadableError') return 'The microphone is in use by another app.';
  return 'Recording could not start.';
}

/**
 * Records a voice note with MediaRecorder (Opus): the microphone is asked for at the first start (the browser's
 * prompt), a live level (0–1) is read from the signal for the meter, and the recording stops by itself at the
 * length cap. `stop(true)` hands the note as a File to `onDone`; `stop(false)` throws it away. The microphone is
 * released as soon as recording ends.
 */
export function useVoiceRecorder(onDone: (file: File, durationMs: number) => void, onProblem: (message: string) => void) {
  const [state, setState] = useState<RecorderState>({ phase: 'idle' });
  const [level, setLevel] = useState(0);
  const session = useRef<{
    recorder: MediaRecorder;
    stream: MediaStream;
    audio: AudioContext | null;
    frame: number;
    limit: ReturnType<typeof setTimeout>;
    keep: boolean;
    startedAt: number;
  } | null>(null);
  const cancelled = useRef(false);
  const done = useRef(onDone);
  done.current = onDone;

  const release = useCallback(() => {
    const s = session.current;
    if (!s) return;
    cancelAnimationFrame(s.frame);
    clearTimeout(s.limit);
    s.stream.getTracks().forEach((track) => track.stop());
    void s.audio?.close().catch(() => undefined);
    session.current = null;
    setLevel(0);
    setState({ phase: 'idle' });
  }, []);

  const stop = useCallback(
    (keep: boolean) => {
      const s = session.current;
      if (!s) {
        // Stopped while the microphone was still being asked for: it is let go once it comes.
        cancelled.current = true;
        return;
      }
      s.keep = keep;
      if (s.recorder.state !== 'inactive') s.recorder.stop();
      else release();
    },
    [release],
  );

  const start = useCallback(async () => {
    if (session.current || state.phase !== 'idle') return;
    const type = typeof MediaRecorder === 'undefined' ? undefined : TYPES.find((t) => MediaRecorder.isTypeSupported(t.mime));
    if (!type || !navigator.mediaDevices?.getUserMedia) {
      onProblem('This browser cannot record voice messages.');
      return;
    }
    cancelled.current = false;
    setState({ phase: 'starting' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch (error) {
      setState({ phase: 'idle' });
      onProblem(microphoneProblem(error));
      return;
    }
    if (cancelled.current) {
      stream.getTracks().forEach((track) => track.stop());
      setState({ phase: 'idle' });
      return;
    }
    const recorder = new MediaRecorder(stream, { mimeType: type.mime, audioBitsPerSecond: 32_000 });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    recorder.onstop = () => {
      const s = session.current;
      const durationMs = s ? Date.now() - s.startedAt : 0;
      const keep = s?.keep ?? false;
      release();
      if (!keep || durationMs < VOICE_LIMITS.minDurationMs || !chunks.length) return;
      const file = new File(chunks, `${VOICE_FILE_PREFIX}.${type.extension}`, { type: type.mime.split(';')[0] });
      done.current(file, durationMs);
    };
    const meter = levelMeter(stream);
    const startedAt = Date.now();
    const tick = () => {
      setLevel(meter.read());
      if (session.current) session.current.frame = requestAnimationFrame(tick);
    };
    session.current = {
      recorder,
      stream,
      audio: meter.audio,
      frame: requestAnimationFrame(tick),
      limit: setTimeout(() => stop(true), VOICE_LIMITS.maxDurationMs - 1000),
      keep: true,
      startedAt,
    };
    recorder.start(1000);
    setState({ phase: 'recording', startedAt });
  }, [state.phase, onProblem, release, stop]);

  // Leaving the conversation mid-recording throws the note away and lets the microphone go.
  useEffect(() => () => stop(false), [stop]);

  return { state, level, start, stop };
}
