import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { createCommunity } from './communities.test-support.ts';

const t = useTestApp();

const TRICKS = ['\u202E', '\u2066', '\u200B', '\u200D', '\uFEFF', '\u3164', '\u2800', '\u0007'];

describe('community names', () => {
  it('refuse control, format (bidi, zero-width) and blank filler characters, on create and on edit (400 naming the field)', async () => {
    const owner = await t.member();
    const club = await createCommunity(t, owner, { name: 'Hikers' });
    for (const trick of TRICKS) {
      const created = await t.as(owner).post('/api/communities', { name: `Hik${trick}ers` });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
      const edited = await t.as(owner).patch(`/api/communities/${club.id}`, { name: `Official${trick} Hikers` });
      expect(edited.statusCode).toBe(400);
      expect(edited.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'name' });
    }
    expect((await t.as(owner).get(`/api/communities/${club.id}`)).json().name).toBe('Hikers');
  });

  it('still take any script, accents and emoji', async () => {
    const owner = await t.member();
    for (const name of ['Randonnée à Genève', 'نادي المشي', '山歩きクラブ 🏔️']) {
      const res = await t.as(owner).post('/api/communities', { name });
      expect(res.statusCode).toBe(201);
      expect(res.json().name).toBe(name);
    }
  });
});
