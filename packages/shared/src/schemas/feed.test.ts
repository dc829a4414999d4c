import { describe, expect, it } from 'vitest';
import { extractHashtags, extractMentions, listCursorSchema } from './feed.ts';

describe('mentions', () => {
  it('finds @names at the start, after spaces and punctuation, once each', () => {
    expect(extractMentions('@ada hi, (@bob_1) and @Ada again').map((n) => n.toLowerCase())).toEqual(['ada', 'bob_1']);
  });

  it('ignores an @ inside a word, such as an email address', () => {
    expect(extractMentions('write to x@gmail.com or ada@example.org')).toEqual([]);
    expect(extractMentions('a.@ada')).toEqual([]);
  });

  it('leaves a full stop that ends the sentence out of the name, keeping dots inside it', () => {
    expect(extractMentions('thanks @ada.')).toEqual(['ada']);
    expect(extractMentions('see @ada.lovelace... and @bo.')).toEqual(['ada.lovelace']);
  });
});

describe('hashtags', () => {
  it('finds #tags in any script in lower case, but not inside a word', () => {
    expect(extractHashtags('#Sunset over the lake, #日本 and a#tag or issue#42')).toEqual(['sunset', '日本']);
    expect(extractHashtags('(#cats) #Cats')).toEqual(['cats']);
  });
});

describe('list cursors', () => {
  it('reads the server cursor and refuses anything else', () => {
    expect(listCursorSchema.parse('1732200000123456_42')).toEqual({ micros: '1732200000123456', id: 42 });
    for (const bad of ['', '42', '1_', '_1', '1_2_3', '1_99999999999', 'a_1']) expect(listCursorSchema.safeParse(bad).success).toBe(false);
  });
});
