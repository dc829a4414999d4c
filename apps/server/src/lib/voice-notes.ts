import { OpusDecoder } from 'opus-decoder';
import type { StoredAttachment } from './attachments.ts';
import { decodeSlots } from './decode-slots.ts';
import { AppError, unsupportedMedia } from './errors.ts';
import { ErrorCode, VOICE_LIMITS } from '@tribeverse/shared';
import { packetSamples, readOgg, readWebm, type OpusStream } from './voice-containers.ts';

/** What the server keeps of a voice message besides its file: read from the decoded audio, never from the client. */
export interface VoiceNote {
  durationMs: number;
  /** VOICE_LIMITS.waveformBars peaks, 0–255, loudest bar 255 (an all-silent note is all 0). */
  waveform: number[];
}

/** A stored message's voice measure (its two columns, the waveform in base64), as the send path takes it again. */
export function storedVoice(row: { voiceDurationMs: number | null; voiceWaveform: string | null }): VoiceNote | undefined {
  if (row.voiceDurationMs === null || row.voiceWaveform === null) return undefined;
  return { durationMs: row.voiceDurationMs, waveform: [...Buffer.from(row.voiceWaveform, 'base64')] };
}

/** The waveform's peaks come from audio decoded at 8 kHz: plenty for 64 bars, and a sixth of the work of 48 kHz. */
const DECODE_RATE = 8000;
/**
 * Packets decoded between yields to the event loop: the decoder is synchronous WebAssembly, and a 15-minute note takes
 * seconds of CPU here. About 6 s of audio (a few tens of ms of work) at a time keeps every other request moving.
 */
const DECODE_BATCH = 100;

const unreadable = () => unsupportedMedia('This voice message could not be read. Record it again.');

/** Samples per packet counted from the packets' headers, before any decoding: refuses a note past the length cap. */
function checkedLength(stream: OpusStream): number {
  let samples = 0;
  for (const packet of stream.packets) {
    const count = packetSamples(packet);
    if (count === null) throw unreadable();
    samples += count;
  }
  samples -= stream.preSkip;
  if (samples <= 0) throw unreadable();
  if (samples / 48 > VOICE_LIMITS.maxDurationMs)
    throw new AppError(
      413,
      ErrorCode.PAYLOAD_TOO_LARGE,
      `A voice message can be at most ${VOICE_LIMITS.maxDurationMs / 60_000} minutes long.`,
    );
  return samples;
}

/** Peak of each bar over the decoded samples, scaled so the loudest bar is 255. */
export function peaks(samples: Float32Array, bars: number): number[] {
  const out = new Array<number>(bars).fill(0);
  if (!samples.length) return out;
  for (let bar = 0; bar < bars; bar++) {
    const from = Math.floor((bar * samples.length) / bars);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * samples.length) / bars));
    let peak = 0;
    for (let i = from; i < to && i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]!));
    out[bar] = peak;
  }
  const loudest = Math.max(...out);
  return out.map((p) => (loudest > 1e-4 ? Math.round((p / loudest) * 255) : 0));
}

/** Decodes the whole note (mixed to mono, pre-skip dropped) at DECODE_RATE; a note the decoder refuses is a 415. */
async function decode(stream: OpusStream): Promise<Float32Array> {
  const decoder = new OpusDecoder({ sampleRate: DECODE_RATE, channels: stream.channels, preSkip: 0 });
  try {
    await decoder.ready;
    const parts: Float32Array[] = [];
    let errors = 0;
    for (let i = 0; i < stream.packets.length; i += DECODE_BATCH) {
      if (i) await new Promise((resolve) => setImmediate(resolve));
      const out = decoder.decodeFrames(stream.packets.slice(i, i + DECODE_BATCH));
      errors += out.errors.length;
      const [left, right] = out.channelData;
      if (!left) continue;
      const mono = right ? left.map((v, k) => (v + right[k]!) / 2) : left;
      parts.push(mono.subarray(0, out.samplesDecoded));
    }
    // A few damaged packets are concealed by the decoder; a stream that is mostly damage is not audio.
    if (errors > stream.packets.length / 10) throw unreadable();
    const all = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const part of parts) {
      all.set(part, at);
      at += part.length;
    }
    return all.subarray(Math.round((stream.preSkip * DECODE_RATE) / 48000));
  } finally {
    decoder.free();
  }
}

/**
 * A recorded voice message, checked as attachments are (lib/attachments.ts) and more: the file must be Opus in WebM or
 * Ogg and decode from end to end; its length (capped at VOICE_LIMITS.maxDurationMs) and waveform come from the
 * decoded samples. The file is kept as it was sent.
 */
export async function prepareVoiceNote(data: Buffer, originalName: string | undefined): Promise<StoredAttachment & { voice: VoiceNote }> {
  const stream = readWebm(data) ?? readOgg(data);
  if (!stream) throw unreadable();
  checkedLength(stream);
  const decoded = await decodeSlots.run(() => decode(stream));
  if (!decoded.length) throw unreadable();
  const webm = stream.container === 'webm';
  const extension = webm ? 'webm' : 'ogg';
  const name = (originalName ?? '').replace(/[^\w.-]/g, '').slice(0, 60);
  return {
    data,
    extension,
    mediaType: webm ? 'audio/webm' : 'audio/ogg',
    fileName: name.endsWith(`.${extension}`) ? name : `voice-message.${extension}`,
    voice: { durationMs: Math.round((decoded.length * 1000) / DECODE_RATE), waveform: peaks(decoded, VOICE_LIMITS.waveformBars) },
  };
}
