import { describe, expect, it } from 'vitest';
import { saveInterestsBodySchema } from './interests.ts';

const category = (name: string, n: number) => ({ name, sub_interests: Array.from({ length: n }, (_, i) => `${name} ${i}`) });

describe('interest selection rules', () => {
  it('accepts up to 5 categories of up to 3 sub-interests', () => {
    const body = { interests: ['a', 'b', 'c', 'd', 'e'].map((c) => category(c, 3)) };
    expect(saveInterestsBodySchema.safeParse(body).success).toBe(true);
  });

  it("refuses a sixth category with the spec's message", () => {
    const result = saveInterestsBodySchema.safeParse({ interests: ['a', 'b', 'c', 'd', 'e', 'f'].map((c) => category(c, 1)) });
    expect(result.error?.issues[0]?.message).toBe('Interest tags should not exceed a maximum of 5 categories.');
  });

  it('refuses a fourth sub-interest naming the category', () => {
    const result = saveInterestsBodySchema.safeParse({ interests: [category('Spirituality', 4)] });
    expect(result.error?.issues[0]?.message).toBe('Maximum 3 sub-interests allowed for Spirituality');
  });
});
