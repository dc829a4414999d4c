import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { createGroup, pollBody } from './polls.test-support.ts';

const email = `boss.${crypto.randomBytes(4).toString('hex')}@example.test`;
const t = useTestApp({ ADMIN_EMAILS: email });

describe('polls and the instance’s content filters', () => {
  it('refuses a poll whose question or an option holds a filtered word, in a group and on a post', async () => {
    const admin = await t.member({ email });
    const set = await t.as(admin).put('/api/admin/filters', { entries: [{ pattern: 'Crypto-Pump', kind: 'word', action: 'refuse' }] });
    expect(set.statusCode).toBe(200);
    const [ada, ben, cy] = await t.members(3);
    const group = { kind: 'group', group_id: await createGroup(t, ada, [ben!, cy!]) };
    const refused = async (body: Record<string, unknown>) => {
      const res = await t.as(ada!).post('/api/polls', body);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 422, code: 'CONTENT_FILTERED' });
    };
    await refused(pollBody(group, { options: ['Park', 'crypto-pump'] }));
    await refused(pollBody(group, { question: 'Join the CRYPTO-PUMP?' }));
    await refused(pollBody({ kind: 'post', post_id: await t.post(ada!, 'Weekend?') }, { options: ['Crypto-Pump', 'Hike'] }));
    expect((await t.as(ada!).post('/api/polls', pollBody(group))).statusCode).toBe(201);
    expect((await t.as(ada!).get(`/api/chat/groups/${group.group_id}/messages`)).json()).toHaveLength(2);
  });
});
