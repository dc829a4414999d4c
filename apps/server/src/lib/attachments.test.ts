import { describe, expect, it } from 'vitest';
import { prepareAttachment } from './attachments.ts';

/** One second of 8 kHz mono 16-bit silence: a real WAV. */
function wav(samples = 8000) {
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples * 2, 40);
  return b;
}

/** MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz: 417 bytes each), about a second of them. */
function mp3(frames = 40) {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

const page = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'.repeat(20));

describe('audio and video attachments', () => {
  it('are taken when the whole file reads as media', async () => {
    expect(await prepareAttachment(wav(), 'note.wav')).toMatchObject({
      mediaType: expect.stringMatching(/^audio\/(x-)?wav$/),
      extension: 'wav',
    });
    expect(await prepareAttachment(mp3(), 'voice.mp3')).toMatchObject({ mediaType: 'audio/mpeg', extension: 'mp3' });
  });

  it('are refused when only their first bytes look like media', async () => {
    const mpegHeaderThenPage = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), page]);
    await expect(prepareAttachment(mpegHeaderThenPage, 'song.mp3')).rejects.toMatchObject({
      statusCode: 415,
      message: 'This audio or video file could not be read.',
    });
    const wavHeaderThenPage = Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE'), page]);
    await expect(prepareAttachment(wavHeaderThenPage, 'note.wav')).rejects.toMatchObject({ statusCode: 415 });
    const mp4HeaderThenPage = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(12), page]);
    await expect(prepareAttachment(mp4HeaderThenPage, 'clip.mp4')).rejects.toMatchObject({ statusCode: 415 });
  });
});
