import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { profileFields } from '../../../test/support/factories.ts';

const t = useTestApp();

describe('names and links others will read', () => {
  it.each([
    ['a right-to-left override', 'Ada \u202Eecalevol'],
    ['a zero-width space', 'ad\u200Bmin'],
    ['a bidi isolate', 'Ada \u2067x\u2069'],
    ['a Hangul filler (blank-looking)', '\u3164'],
  ])('refuses a full name with %s', async (_what, name) => {
    const m = await t.member({ profile: false });
    const setUp = await t.as(m).patch('/api/auth/complete-profile', { ...profileFields(`n_${Date.now() % 1e8}`), full_name: name });
    expect(setUp.statusCode).toBe(400);
    expect(setUp.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'full_name' });
  });

  it('refuses the same in edit profile, and keeps accents, scripts and emoji', async () => {
    const m = await t.member();
    const edit = (fullName: string, extra: Record<string, string> = {}) =>
      t.as(m).patch('/api/auth/edit-profile', { fullName, username: m.username, email: m.email, ...extra });
    expect((await edit('Zoë \u202Egnik')).json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'fullName' });
    const ok = await edit('Zoë Ōtsuka 渡辺 🌻');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().full_name).toBe('Zoë Ōtsuka 渡辺 🌻');
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.org/x'])('refuses the portfolio link %s', async (link) => {
    const m = await t.member();
    const res = await t.as(m).patch('/api/auth/edit-profile', { fullName: 'Ada', username: m.username, email: m.email, portfolio: link });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'portfolio' });
    expect((await t.as(m).get('/api/auth/me')).json().portfolio).toBeNull();
  });
});
