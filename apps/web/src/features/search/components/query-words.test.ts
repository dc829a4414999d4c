import { parseSearchQuery } from '@tribeverse/shared';
import { describe, expect, it } from 'vitest';
import { filterValue, placeWord, withFilter } from './query-words';

describe('filter words in the search box', () => {
  it('reads a filter whatever its case; of two words of one key, the last (as the server does)', () => {
    const q = 'trail plan FROM:ann in:group:7 has:file after:2026-01-31 has:image';
    expect(filterValue(q, 'from')).toBe('ann');
    expect(filterValue(q, 'in')).toBe('group:7');
    expect(filterValue(q, 'has')).toBe('image');
    expect(filterValue(q, 'before')).toBe('');
  });

  it('sets, replaces and removes a filter, keeping the words searched for', () => {
    expect(withFilter('trail plan', 'from', 'ann')).toBe('trail plan from:ann');
    expect(withFilter('trail from:bob plan', 'from', 'ann')).toBe('trail plan from:ann');
    expect(withFilter('trail has:file has:image plan', 'has', 'image')).toBe('trail plan has:image');
    expect(withFilter('trail in:group:7 plan', 'in', '')).toBe('trail plan');
    // A word that merely contains a filter's name is not a filter.
    expect(withFilter('infrom:x', 'from', '')).toBe('infrom:x');
  });

  it('writes what the server reads', () => {
    let q = withFilter('north trail', 'from', '@ann');
    q = withFilter(q, 'in', placeWord('group', 7)!);
    q = withFilter(q, 'has', 'image');
    q = withFilter(q, 'after', '2026-01-31');
    expect(parseSearchQuery(q)).toEqual({
      text: 'north trail',
      filters: { from: 'ann', in_kind: 'group', in_id: 7, has: 'image', after_date: '2026-01-31' },
    });
    expect(parseSearchQuery(withFilter('x', 'in', placeWord('direct', 2, 'ben')!)).filters).toEqual({
      in_kind: 'direct',
      in_username: 'ben',
    });
    expect(placeWord('direct', 2, null)).toBeNull();
  });
});
