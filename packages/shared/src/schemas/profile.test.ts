import { describe, expect, it } from 'vitest';
import { completeProfileBodySchema } from './profile.ts';

const valid = { full_name: 'Ada Lovelace', username: 'ada_l', gender: 'female', country: 'GB', phone_number: '+447911123456' };

describe('complete-profile rules', () => {
  it('accepts a phone number valid for the chosen country', () => {
    expect(completeProfileBodySchema.safeParse(valid).success).toBe(true);
  });

  it('refuses a phone number that is not valid for the chosen country', () => {
    const result = completeProfileBodySchema.safeParse({ ...valid, country: 'US', phone_number: '+1123' });
    expect(result.error?.issues[0]?.path).toEqual(['phone_number']);
  });

  it('caps the bio at 200 characters and needs 8 for an address', () => {
    expect(completeProfileBodySchema.safeParse({ ...valid, bio: 'x'.repeat(201) }).success).toBe(false);
    expect(completeProfileBodySchema.safeParse({ ...valid, address: 'short' }).success).toBe(false);
    expect(completeProfileBodySchema.safeParse({ ...valid, address: '12 Long Street' }).success).toBe(true);
  });

  it('requires username, country and gender', () => {
    const { username: _u, ...rest } = valid;
    expect(completeProfileBodySchema.safeParse(rest).success).toBe(false);
  });
});
