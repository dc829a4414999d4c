import { describe, expect, it } from 'vitest';
import { toggleInterest, type Selection } from './interest-selection';

const pick = (sel: Selection[], cat: string, sub: string) => toggleInterest(sel, cat, sub);

describe('interest picking rules', () => {
  it('adds a category with its first sub-interest and removes it with its last', () => {
    const added = pick([], 'Spirituality', 'meditation');
    expect(added.selection).toEqual([{ name: 'Spirituality', sub_interests: ['meditation'] }]);
    expect(pick(added.selection, 'Spirituality', 'meditation').selection).toEqual([]);
  });

  it('refuses a fourth sub-interest in one category, naming the category', () => {
    let sel: Selection[] = [];
    for (const sub of ['a', 'b', 'c']) sel = pick(sel, 'Marketplace', sub).selection;
    const result = pick(sel, 'Marketplace', 'd');
    expect(result.error).toBe('Maximum 3 sub-interests allowed for Marketplace');
    expect(result.selection).toEqual(sel);
  });

  it('refuses a sixth category', () => {
    let sel: Selection[] = [];
    for (const cat of ['1', '2', '3', '4', '5']) sel = pick(sel, cat, 'x').selection;
    const result = pick(sel, '6', 'x');
    expect(result.error).toBe('Interest tags should not exceed a maximum of 5 categories.');
    expect(result.selection).toHaveLength(5);
  });
});
