import { describe, expect, it } from 'vitest';
import { countryLabel, countryOptions, findCountry } from './countries';

describe('country list', () => {
  it('gives each country its one calling code, shown beside flag and name', () => {
    expect(findCountry('XK')?.dialCode).toBe('383');
    expect(findCountry('DO')?.dialCode).toBe('1');
    expect(findCountry('PR')?.dialCode).toBe('1');
    expect(countryLabel(findCountry('GB')!)).toBe('🇬🇧 United Kingdom (+44)');
  });

  it('offers only countries whose numbers can be checked', () => {
    const codes = [...countryOptions.preferred, ...countryOptions.rest].map((c) => c.code);
    expect(codes).not.toContain('AQ');
    expect(codes.length).toBeGreaterThan(240);
  });
});
