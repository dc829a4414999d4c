import { describe, expect, it } from 'vitest';
import { typingText } from './typing-text';

describe('who is typing', () => {
  it('names one or two people and counts more', () => {
    expect(typingText([])).toBe('');
    expect(typingText(['Ada'])).toBe('Ada is typing…');
    expect(typingText(['Ada', 'Ben'])).toBe('Ada and Ben are typing…');
    expect(typingText(['Ada', 'Ben', 'Cy'])).toBe('3 people are typing…');
  });
});
