import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { adminEmail, adminOf, reportResolved, sendDirect as sendDirectOf } from './admin.test-support.ts';

const email = adminEmail();
const t = useTestApp({ ADMIN_EMAILS: email }, { listen: true });
const theAdmin = adminOf(t, email);

type MessageJson = { id: number; text: string; deleted: boolean; removed?: boolean };
/** A history as either shape answers it: a bare array (direct chats) or a page. */
const messagesOf = (body: MessageJson[] | { messages: MessageJson[] }) => (Array.isArray(body) ? body : body.messages);
const byId = (list: MessageJson[]) => new Map(list.map((m) => [m.id, m]));

const sendDirect = (from: Member, to: Member, text: string) => sendDirectOf(t, from, to, text);

async function resolveRemoving(reporter: Member, body: Record<string, unknown>) {
  const resolution = { action: 'remove_content', note: 'Harassment' };
  const res = await reportResolved(t, reporter, await theAdmin(), { reason: 'Harassment', ...body }, resolution);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('removing reported messages', () => {
  it("of a direct chat: the reported member's copied messages are removed for both, the reporter's own stay", async () => {
    const [harasser, reporter] = await t.members(2);
    const first = await sendDirect(harasser!, reporter!, 'first nasty message');
    const mine = await sendDirect(reporter!, harasser!, 'please stop');
    const unreported = await sendDirect(harasser!, reporter!, 'an ordinary message');
    const worst = await sendDirect(harasser!, reporter!, 'the worst one');
    // An open chat drops the removed messages at once.
    const open = await t.socket(reporter!);
    const dropped = open.next('message:deleted', (m) => m.id === worst && m.deleted);

    await resolveRemoving(reporter!, { target: { kind: 'message', id: worst }, message_ids: [first, mine] });
    await dropped;

    for (const [reader, peer] of [
      [reporter!, harasser!],
      [harasser!, reporter!],
    ]) {
      const history = byId(messagesOf((await t.as(reader).get(`/api/chat/messages?peer_id=${peer.id}&limit=50`)).json()));
      expect(history.get(first)).toMatchObject({ deleted: true, text: '' });
      expect(history.get(worst)).toMatchObject({ deleted: true, text: '' });
      expect(history.get(mine)).toMatchObject({ deleted: false, text: 'please stop' });
      expect(history.get(unreported)).toMatchObject({ deleted: false, text: 'an ordinary message' });
    }
    const told = (await t.as(harasser!).get('/api/notifications')).json().notifications[0];
    expect(told).toMatchObject({ kind: 'content_removed', payload: { target_kind: 'message', reason: 'Harassment' } });
  });

  it('of a group: the message shows as removed to every member', async () => {
    const [sender, reporter, third] = await t.members(3);
    const group = await t.as(sender!).post('/api/chat/groups', { name: 'Trio', member_ids: [reporter!.id, third!.id] });
    const sent = await t.as(sender!).post(`/api/chat/groups/${group.json().id}/send`, { text: 'group spam' });
    const messageId = sent.json().message.id;
    const open = await t.socket(third!);
    const dropped = open.next('group:message:deleted', (m) => m.id === messageId && m.deleted);

    await resolveRemoving(reporter!, { target: { kind: 'message', id: messageId } });
    await dropped;

    const history = await t.as(third!).get(`/api/chat/groups/${group.json().id}/messages`);
    expect(history.statusCode).toBe(200);
    expect(byId(messagesOf(history.json())).get(messageId)).toMatchObject({ deleted: true, removed: true, text: '' });
  });

  it('already deleted by its sender: the report is still resolved', async () => {
    const [harasser, reporter] = await t.members(2);
    const id = await sendDirect(harasser!, reporter!, 'regret');
    const made = await t.as(reporter!).post('/api/reports', { reason: 'Rude', target: { kind: 'message', id } });
    expect((await t.as(harasser!).delete(`/api/chat/messages/${id}`)).statusCode).toBe(200);
    const res = await t.as(await theAdmin()).post(`/api/admin/reports/${made.json().id}/resolve`, { action: 'remove_content' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'resolved', action: 'remove_content' });
  });
});
