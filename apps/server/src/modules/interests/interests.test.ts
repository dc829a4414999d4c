import { describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/support/factories.ts';
import { useTestApp } from '../../../test/support/harness.ts';
import { useSecretsWatch } from '../../../test/support/secrets.ts';

const t = useTestApp();
useSecretsWatch(t);

/** The spec's seven categories, in order. */
const CATEGORIES = [
  'Creative art/entertainment',
  'Tech and innovation',
  'Business and entrepreneur',
  'Education and learning',
  'Wellness and lifestyle',
  'Marketplace',
  'Spirituality',
];

const save = (auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/interests', headers: auth, payload: payload as object });
const me = async (auth: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).json();

describe('interests', () => {
  it("lists the spec's seven categories in order with their tags", async () => {
    const user = await registerUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/interests', headers: user.auth });
    expect(res.statusCode).toBe(200);
    const catalogue = res.json() as Array<{ id: number; name: string; sub_interests: Array<{ name: string }> }>;
    expect(catalogue.map((c) => c.name)).toEqual(CATEGORIES);
    expect(catalogue.map((c) => c.sub_interests.length)).toEqual([6, 6, 6, 6, 6, 6, 5]);
    expect(catalogue[1]).toMatchObject({
      id: expect.any(Number),
      sub_interests: expect.arrayContaining([{ name: 'AI and machine learning' }]),
    });
    expect(catalogue[6]!.sub_interests[0]).toEqual({ name: 'meditation' });
  });

  it("saves the member's selection, replacing the previous one", async () => {
    const user = await registerUser(t);
    const first = await save(user.auth, {
      interests: [
        { name: 'Tech and innovation', sub_interests: ['AI and machine learning', 'cybersecurity'] },
        { name: 'Spirituality', sub_interests: ['meditation'] },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Interests saved' });
    expect((await me(user.auth)).interests).toEqual([
      { name: 'Tech and innovation', sub_interests: ['AI and machine learning', 'cybersecurity'] },
      { name: 'Spirituality', sub_interests: ['meditation'] },
    ]);

    await save(user.auth, { interests: [{ name: 'Marketplace', sub_interests: ['crafts and DIY'] }] });
    expect((await me(user.auth)).interests).toEqual([{ name: 'Marketplace', sub_interests: ['crafts and DIY'] }]);

    await save(user.auth, { interests: [] });
    expect((await me(user.auth)).interests).toEqual([]);
  });

  it("refuses a sixth category with the spec's message", async () => {
    const user = await registerUser(t);
    const names = CATEGORIES.slice(0, 6);
    const catalogue = (await t.app.inject({ method: 'GET', url: '/api/interests', headers: user.auth })).json();
    const interests = names.map((name) => ({
      name,
      sub_interests: [catalogue.find((c: { name: string }) => c.name === name).sub_interests[0].name],
    }));
    const res = await save(user.auth, { interests });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INTERESTS_TOO_MANY_CATEGORIES',
      msg: 'Interest tags should not exceed a maximum of 5 categories.',
    });
    expect((await me(user.auth)).interests).toEqual([]);
  });

  it("refuses a fourth sub-interest with the spec's message", async () => {
    const user = await registerUser(t);
    const res = await save(user.auth, {
      interests: [{ name: 'Spirituality', sub_interests: ['meditation', 'personal growth', 'conscious living', 'spiritual guidance'] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INTERESTS_TOO_MANY_SUB', msg: 'Maximum 3 sub-interests allowed for Spirituality' });
  });

  it('counts a category named twice once: its sub-interests together stay within three', async () => {
    const user = await registerUser(t);
    const res = await save(user.auth, {
      interests: [
        { name: 'Spirituality', sub_interests: ['meditation', 'personal growth'] },
        { name: 'spirituality ', sub_interests: ['conscious living', 'spiritual guidance'] },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INTERESTS_TOO_MANY_SUB', msg: 'Maximum 3 sub-interests allowed for Spirituality' });
    expect((await me(user.auth)).interests).toEqual([]);

    const merged = await save(user.auth, {
      interests: [
        { name: 'Spirituality', sub_interests: ['meditation'] },
        { name: 'Spirituality', sub_interests: ['meditation', 'personal growth'] },
      ],
    });
    expect(merged.statusCode).toBe(200);
    expect((await me(user.auth)).interests).toEqual([{ name: 'Spirituality', sub_interests: ['meditation', 'personal growth'] }]);
  });

  it.each([
    [{ interests: [{ name: 'Cooking', sub_interests: ['baking'] }] }],
    [{ interests: [{ name: 'Spirituality', sub_interests: ['baking'] }] }],
    [{ interests: [{ name: 'Spirituality', sub_interests: ['AI and machine learning'] }] }],
  ])('refuses names outside the catalogue: %j', async (payload) => {
    const user = await registerUser(t);
    const res = await save(user.auth, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UNKNOWN_INTEREST');
  });

  it.each([
    [{}],
    [{ interests: 'Spirituality' }],
    [{ interests: [{ name: 'Spirituality' }] }],
    [{ interests: [{ name: 'Spirituality', sub_interests: [42] }] }],
    [{ interests: [{ name: 'Spirituality', sub_interests: [] }] }],
  ])('answers 400 for malformed input %j', async (payload) => {
    const user = await registerUser(t);
    const res = await save(user.auth, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers 413 for an oversized body', async () => {
    const user = await registerUser(t);
    const res = await save(user.auth, { interests: [{ name: 'x'.repeat(2 * 1024 * 1024), sub_interests: ['meditation'] }] });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/interests' })).statusCode).toBe(401);
    expect((await save({}, { interests: [] })).statusCode).toBe(401);
  });
});
