import { describe, expect, it } from 'vitest';
import { filterValue, filterValues, toggleHas, withFilter } from './query-words';

describe('filter words in the search box', () => {
  it('reads a filter, quoted or not, whatever its case', () => {
    const q = 'trail plan FROM:ann in:"Book club" has:file has:image after:2026-01-31';
    expect(filterValue(q, 'from')).toBe('ann');
    expect(filterValue(q, 'in')).toBe('Book club');
    expect(filterValues(q, 'has')).toEqual(['file', 'image']);
    expect(filterValue(q, 'before')).toBe('');
    // An unclosed quote is still read, up to the end.
    expect(filterValue('x in:"Book club', 'in')).toBe('Book club');
  });

  it('sets, replaces and removes a filter, keeping the words searched for', () => {
    expect(withFilter('trail plan', 'from', 'ann')).toBe('trail plan from:ann');
    expect(withFilter('trail from:bob plan', 'from', 'ann')).toBe('trail plan from:ann');
    expect(withFilter('trail plan', 'in', 'Book club')).toBe('trail plan in:"Book club"');
    expect(withFilter('trail in:"Book club" plan', 'in', '')).toBe('trail plan');
    // A word that merely contains a filter's name is not a filter.
    expect(withFilter('infrom:x', 'from', '')).toBe('infrom:x');
  });

  it('switches has:file and has:image one at a time', () => {
    expect(toggleHas('trail', 'image', true)).toBe('trail has:image');
    expect(toggleHas('trail has:image', 'file', true)).toBe('trail has:image has:file');
    expect(toggleHas('has:file trail has:image', 'file', false)).toBe('trail has:image');
    expect(toggleHas('trail has:image', 'image', true)).toBe('trail has:image');
  });
});
