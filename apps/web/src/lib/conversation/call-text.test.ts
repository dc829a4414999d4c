import { describe, expect, it } from 'vitest';
import type { CallLine } from '@tribeverse/shared';
import { callLength, callText } from './call-text';

const line = (outcome: CallLine['outcome'], media: CallLine['media'] = 'audio', duration: number | null = null): CallLine => ({
  call_id: 'c',
  media,
  outcome,
  duration,
});

describe('a call line', () => {
  it('says how long a call lasted, for both people', () => {
    expect(callText(line('completed', 'video', 83), true)).toBe('Video call · 1:23');
    expect(callText(line('completed', 'audio', 3725), false)).toBe('Voice call · 1:02:05');
  });

  it('is missed for the callee of a call they never took, and says why to the caller', () => {
    expect(callText(line('missed'), false)).toBe('Missed voice call');
    expect(callText(line('busy', 'video'), false)).toBe('Missed video call');
    expect(callText(line('missed'), true)).toBe('Voice call · No answer');
    expect(callText(line('busy'), true)).toBe('Voice call · Busy');
    expect(callText(line('declined'), true)).toBe('Voice call · Declined');
    expect(callText(line('declined'), false)).toBe('Voice call · Declined');
  });

  it('writes lengths as a clock', () => {
    expect(callLength(0)).toBe('0:00');
    expect(callLength(59)).toBe('0:59');
    expect(callLength(3600)).toBe('1:00:00');
  });
});
