import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { VOICE_LIMITS } from '@tribeverse/shared';
import { packetSamples, readWebm } from './voice-containers.ts';
import { prepareVoiceNote } from './voice-notes.ts';

/** Two seconds recorded by Chromium's MediaRecorder (audio/webm;codecs=opus) from its fake microphone: a beep a second. */
const webm = fs.readFileSync(path.join(import.meta.dirname, '../../test/fixtures/voice-note.webm'));

// Ogg's page checksum: CRC-32 with polynomial 0x04c11db7, no reflection.
const CRC = Array.from({ length: 256 }, (_, n) => {
  let r = n << 24;
  for (let i = 0; i < 8; i++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});
const crc = (data: Buffer) => data.reduce((c, b) => ((c << 8) ^ CRC[((c >>> 24) ^ b) & 0xff]!) >>> 0, 0);

/** One Ogg page per packet (each under 255 × 255 bytes), as Firefox's recorder writes them, checksum and all. */
function oggOf(packets: Uint8Array[]): Buffer {
  let granule = 0n;
  const pages = packets.map((packet, i) => {
    if (i >= 2) granule += BigInt(packetSamples(packet) ?? 0);
    const lacing = [...Array<number>(Math.floor(packet.length / 255)).fill(255), packet.length % 255];
    const header = Buffer.alloc(27 + lacing.length);
    header.write('OggS', 0, 'latin1');
    header[5] = i === 0 ? 2 : i === packets.length - 1 ? 4 : 0;
    header.writeBigUInt64LE(granule, 6);
    header.writeUInt32LE(0x766f6963, 14);
    header.writeUInt32LE(i, 18);
    header[26] = lacing.length;
    Buffer.from(lacing).copy(header, 27);
    const page = Buffer.concat([header, packet]);
    page.writeUInt32LE(crc(page), 22);
    return page;
  });
  return Buffer.concat(pages);
}

const opusHead = (channels: number, preSkip: number) => {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = channels;
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(48000, 12);
  return head;
};
const opusTags = Buffer.concat([Buffer.from('OpusTags', 'latin1'), Buffer.alloc(8)]);

describe('voice notes', () => {
  it('measures a WebM/Opus recording from its decoded audio: length and 64 peaks, loudest 255', async () => {
    const note = await prepareVoiceNote(webm, 'voice.webm');
    expect(note).toMatchObject({ mediaType: 'audio/webm', extension: 'webm', fileName: 'voice.webm' });
    expect(note.voice.durationMs).toBeGreaterThan(1800);
    expect(note.voice.durationMs).toBeLessThan(2200);
    expect(note.voice.waveform).toHaveLength(VOICE_LIMITS.waveformBars);
    expect(Math.max(...note.voice.waveform)).toBe(255);
    // The fake microphone beeps once a second and is silent between: the waveform shows both.
    expect(note.voice.waveform.filter((v) => v === 0).length).toBeGreaterThan(10);
    expect(note.voice.waveform.filter((v) => v > 100).length).toBeGreaterThanOrEqual(2);
  });

  it('reads the same audio wrapped in Ogg (Firefox), with the same measure', async () => {
    const stream = readWebm(webm)!;
    const ogg = oggOf([opusHead(stream.channels, stream.preSkip), opusTags, ...stream.packets]);
    const [fromOgg, fromWebm] = await Promise.all([prepareVoiceNote(ogg, undefined), prepareVoiceNote(webm, undefined)]);
    expect(fromOgg).toMatchObject({ mediaType: 'audio/ogg', extension: 'ogg', fileName: 'voice-message.ogg' });
    expect(fromOgg.voice).toEqual(fromWebm.voice);
  });

  it('refuses what is not Opus audio, or breaks off, with a 415', async () => {
    const wrongs = [
      Buffer.from('%PDF-1.4 not a voice note'),
      webm.subarray(0, 300),
      zlib.gzipSync(webm),
      oggOf([opusHead(1, 312), opusTags]),
      oggOf([Buffer.from('OpusHead'), opusTags, Buffer.from([0xfc, 1, 2])]),
    ];
    for (const data of wrongs) await expect(prepareVoiceNote(data, 'x.webm')).rejects.toMatchObject({ statusCode: 415 });
  });

  it('refuses a note longer than the cap before decoding it', async () => {
    // 20 ms packets (config 15, code 0): 46 000 of them is 15 min 20 s.
    const silence = Buffer.from([0x78, 0, 0]);
    const long = oggOf([opusHead(1, 312), opusTags, ...Array<Buffer>(46_000).fill(silence)]);
    await expect(prepareVoiceNote(long, 'long.ogg')).rejects.toMatchObject({ statusCode: 413 });
  });
});
