import { describe, expect, it } from 'vitest';
import { systemText } from './system-text';

const names: Record<number, string> = { 1: 'Ada', 2: 'Ben', 3: 'Cy' };
const nameOf = (id: number) => names[id] ?? null;
const say = (line: Parameters<typeof systemText>[0], me = 9) => systemText(line, nameOf, me);

describe('system lines, worded by the client', () => {
  it('names who did what to whom', () => {
    expect(say({ event: 'created', actor_id: 1, name: 'Trip' })).toBe('Ada created the group "Trip"');
    expect(say({ event: 'added', actor_id: 1, user_ids: [2] })).toBe('Ada added Ben');
    expect(say({ event: 'added', actor_id: 1, user_ids: [2, 3] })).toBe('Ada added Ben and Cy');
    expect(say({ event: 'removed', actor_id: 1, user_ids: [3] })).toBe('Ada removed Cy');
    expect(say({ event: 'left', actor_id: 2 })).toBe('Ben left');
    expect(say({ event: 'renamed', actor_id: 1, name: 'Weekend' })).toBe('Ada renamed the group to "Weekend"');
    expect(say({ event: 'avatar', actor_id: 1 })).toBe('Ada changed the group picture');
  });

  it('speaks to the viewer as "you"', () => {
    expect(say({ event: 'added', actor_id: 1, user_ids: [9, 2] })).toBe('Ada added you and Ben');
    expect(say({ event: 'removed', actor_id: 9, user_ids: [2] })).toBe('You removed Ben');
    expect(say({ event: 'left', actor_id: 9 })).toBe('You left');
  });

  it('names someone it no longer knows (out of the group, never wrote) as the line names them', () => {
    const cy = { id: 60, name: 'Cy Long', username: 'cy', avatar: null };
    const quiet = { id: 61, name: '', username: 'quiet_one', avatar: null };
    expect(say({ event: 'removed', actor_id: 1, user_ids: [60], users: [cy] })).toBe('Ada removed Cy Long');
    expect(say({ event: 'added', actor_id: 1, user_ids: [2, 60, 61, 62], users: [cy, quiet] })).toBe(
      'Ada added Ben, Cy Long, quiet_one and one more',
    );
    // The names the viewer knows now come first: a member renamed since keeps their new name.
    expect(say({ event: 'added', actor_id: 1, user_ids: [2], users: [{ id: 2, name: 'Old Ben', username: 'ben', avatar: null }] })).toBe(
      'Ada added Ben',
    );
  });

  it('counts the people it does not know rather than inventing names', () => {
    expect(say({ event: 'added', actor_id: 1, user_ids: [2, 50, 51] })).toBe('Ada added Ben and 2 more');
    expect(say({ event: 'added', actor_id: 1, user_ids: [50] })).toBe('Ada added a member');
    expect(say({ event: 'removed', actor_id: 50, user_ids: [50, 51] })).toBe('Someone removed 2 members');
    expect(say({ event: 'created', actor_id: null })).toBe('Someone created the group');
  });
});
