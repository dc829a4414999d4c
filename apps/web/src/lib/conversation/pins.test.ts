import { describe, expect, it } from 'vitest';
import { applyToPins, pinSnippet } from './pins';

const m = (id: number, pinned: boolean, text = `m${id}`) => ({ id, pinned, text });

describe('applyToPins', () => {
  it('puts a new pin first, takes an unpinned one out, and replaces an edited one where it is', () => {
    const pins = [m(5, true), m(2, true)];
    expect(applyToPins(pins, m(9, true))).toEqual([m(9, true), m(5, true), m(2, true)]);
    expect(applyToPins(pins, m(5, false))).toEqual([m(2, true)]);
    expect(applyToPins(pins, m(2, true, 'edited'))).toEqual([m(5, true), m(2, true, 'edited')]);
  });

  it('leaves the list as it is for a message that is not and was not pinned', () => {
    const pins = [m(5, true)];
    expect(applyToPins(pins, m(6, false))).toBe(pins);
  });
});

describe('pinSnippet', () => {
  it('names a voice message as one, and other files by their type', () => {
    const voice = { duration_ms: 3000, waveform: [0, 255] };
    expect(pinSnippet({ text: '', media_type: 'audio/webm', voice })).toBe('Voice message');
    expect(pinSnippet({ text: '', media_type: 'audio/webm', voice: null })).toBe('Audio');
    expect(pinSnippet({ text: 'hum', media_type: 'audio/webm', voice })).toBe('hum');
  });
});
