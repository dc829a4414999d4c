/**
 * The two containers a browser records a voice message in: WebM (Chromium's MediaRecorder, `audio/webm;codecs=opus`)
 * and Ogg (Firefox's, `audio/ogg;codecs=opus`). Each is read just far enough to hand the Opus packets, in order, to
 * the decoder (voice-notes.ts): no ffmpeg binary is needed, and nothing in the file is trusted beyond its structure.
 * Anything else, or anything malformed, is `null`: the caller answers 415.
 */
export interface OpusStream {
  container: 'webm' | 'ogg';
  channels: number;
  /** Samples (at 48 kHz) the decoder's first output holds before the audio starts (OpusHead). */
  preSkip: number;
  packets: Uint8Array[];
}

/** OpusHead: "OpusHead", version, channels, pre-skip (LE16), rate, gain, mapping family (0 or 1: mono or stereo). */
function readOpusHead(head: Uint8Array): { channels: number; preSkip: number } | null {
  if (head.length < 19 || Buffer.from(head.subarray(0, 8)).toString('latin1') !== 'OpusHead') return null;
  const channels = head[9]!;
  const mapping = head[18]!;
  if (channels < 1 || channels > 2 || mapping !== 0) return null;
  return { channels, preSkip: head[10]! | (head[11]! << 8) };
}

// ---- WebM (EBML) ----

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const BLOCK_GROUP = 0xa0;
const SIMPLE_BLOCK = 0xa3;
const BLOCK = 0xa1;
const TRACK_NUMBER = 0xd7;
const CODEC_ID = 0x86;
const CODEC_PRIVATE = 0x63a2;
const DOC_TYPE = 0x4282;
/** Elements read into, not over: the packets and the track's description sit inside them. */
const MASTERS = new Set([SEGMENT, CLUSTER, TRACKS, TRACK_ENTRY, BLOCK_GROUP, EBML]);

/** An EBML variable-length integer at `at`: its value (marker kept for ids), its length, and whether it says "unknown". */
function vint(data: Uint8Array, at: number, keepMarker: boolean) {
  const first = data[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > data.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + data[at + i]!;
    if (data[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

export function readWebm(data: Uint8Array): OpusStream | null {
  let at = 0;
  let docType = '';
  let codec = '';
  let head: ReturnType<typeof readOpusHead> = null;
  let track: number | null = null;
  let tracksSeen = 0;
  const packets: Uint8Array[] = [];
  if (vint(data, 0, true)?.value !== EBML) return null;
  while (at < data.length) {
    const id = vint(data, at, true);
    const size = id && vint(data, at + id.length, false);
    if (!id || !size) return null;
    const body = at + id.length + size.length;
    // A live recording leaves the segment's and clusters' sizes unknown: their children simply follow.
    if (MASTERS.has(id.value)) {
      if (id.value === TRACK_ENTRY) tracksSeen++;
      at = body;
      continue;
    }
    if (size.unknown || body + size.value > data.length) return null;
    const content = data.subarray(body, body + size.value);
    at = body + size.value;
    if (id.value === DOC_TYPE) docType = Buffer.from(content).toString('latin1');
    else if (id.value === CODEC_ID) codec = Buffer.from(content).toString('latin1');
    else if (id.value === CODEC_PRIVATE) head = readOpusHead(content);
    else if (id.value === TRACK_NUMBER) track = content.reduce((n, b) => n * 256 + b, 0);
    else if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
      const number = vint(content, 0, false);
      if (!number || content.length < number.length + 4) return null;
      if (number.value !== track) return null;
      const flags = content[number.length + 2]!;
      // Lacing packs several frames in one block; recorders do not use it for Opus, so such a file is not ours.
      if (flags & 0x06) return null;
      packets.push(content.subarray(number.length + 3));
    }
  }
  if (docType !== 'webm' || codec !== 'A_OPUS' || !head || tracksSeen !== 1 || !packets.length) return null;
  return { container: 'webm', ...head, packets };
}

// ---- Ogg ----

export function readOgg(data: Uint8Array): OpusStream | null {
  const packets: Uint8Array[] = [];
  let serial: number | null = null;
  let pending: Uint8Array[] = [];
  let at = 0;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  while (at < data.length) {
    if (at + 27 > data.length || Buffer.from(data.subarray(at, at + 4)).toString('latin1') !== 'OggS') return null;
    const pageSerial = view.getUint32(at + 14, true);
    const segments = data[at + 26]!;
    const table = data.subarray(at + 27, at + 27 + segments);
    if (table.length < segments) return null;
    let body = at + 27 + segments;
    serial ??= pageSerial;
    // One logical stream: a file that multiplexes several is not a voice message.
    if (pageSerial !== serial) return null;
    for (const lacing of table) {
      if (body + lacing > data.length) return null;
      pending.push(data.subarray(body, body + lacing));
      body += lacing;
      if (lacing < 255) {
        packets.push(Buffer.concat(pending));
        pending = [];
      }
    }
    at = body;
  }
  const head = packets[0] && readOpusHead(packets[0]);
  const tags = packets[1] && Buffer.from(packets[1].subarray(0, 8)).toString('latin1');
  if (!head || tags !== 'OpusTags' || packets.length < 3) return null;
  return { container: 'ogg', ...head, packets: packets.slice(2) };
}

/**
 * Samples (at 48 kHz) an Opus packet holds, from its table-of-contents byte (RFC 6716, 3.1), or null for a packet
 * that is not Opus. Lets a file's length be known, and capped, before anything is decoded.
 */
export function packetSamples(packet: Uint8Array): number | null {
  const toc = packet[0];
  if (toc === undefined) return null;
  const config = toc >> 3;
  const frame =
    config < 12 ? [480, 960, 1920, 2880][config % 4]! : config < 16 ? [480, 960][config % 2]! : [120, 240, 480, 960][config % 4]!;
  const code = toc & 3;
  let frames: number;
  if (code === 0) frames = 1;
  else if (code === 1 || code === 2) frames = 2;
  else {
    if (packet.length < 2) return null;
    frames = packet[1]! & 0x3f;
  }
  const samples = frame * frames;
  // RFC 6716: a packet holds at most 120 ms.
  return frames > 0 && samples <= 5760 ? samples : null;
}
