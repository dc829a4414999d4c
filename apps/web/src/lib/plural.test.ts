import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it("puts a space between the count and the word, and picks one or many: '0 likes', '1 like', '2 likes'", () => {
    expect(plural(0, 'like', 'likes')).toBe('0 likes');
    expect(plural(1, 'like', 'likes')).toBe('1 like');
    expect(plural(2, 'like', 'likes')).toBe('2 likes');
  });

  it("groups a large count as the member's locale does", () => {
    expect(plural(1234, 'like', 'likes')).toBe(`${(1234).toLocaleString()} likes`);
    expect(plural(1234, 'like', 'likes', 'de-DE')).toBe('1.234 likes');
  });
});
