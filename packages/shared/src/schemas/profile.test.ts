import { describe, expect, it } from 'vitest';
import { usernameSchema } from './profile.ts';

describe('usernameSchema', () => {
  it('refuses a name the API serves as a path beside profiles, whatever its case', () => {
    for (const name of ['mutes', 'Mutes', 'me']) expect(usernameSchema.safeParse(name).success).toBe(false);
    expect(usernameSchema.safeParse('mutes_fan').success).toBe(true);
  });
});
