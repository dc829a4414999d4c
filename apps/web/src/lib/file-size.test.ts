import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatFileSize } from './file-size';

afterEach(() => vi.restoreAllMocks());

describe('a file size as a member reads it', () => {
  it('counts in bytes, KB, MB and GB of 1024, with one decimal below 10', () => {
    expect(formatFileSize(1, 'en-US')).toBe('1 byte');
    expect(formatFileSize(820, 'en-US')).toBe('820 bytes');
    expect(formatFileSize(12 * 1024, 'en-US')).toBe('12 KB');
    expect(formatFileSize(12_500, 'en-US')).toBe('12 KB');
    expect(formatFileSize(1.4 * 1024 * 1024, 'en-US')).toBe('1.4 MB');
    expect(formatFileSize(20 * 1024 * 1024, 'en-US')).toBe('20 MB');
    expect(formatFileSize(3 * 1024 ** 3, 'en-US')).toBe('3 GB');
  });

  it("writes the number in the member's locale, taken from the browser's languages", () => {
    expect(formatFileSize(1.4 * 1024 * 1024, 'de-DE')).toBe('1,4 MB');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en']);
    expect(formatFileSize(1.4 * 1024 * 1024)).toBe('1,4 MB');
  });
});
