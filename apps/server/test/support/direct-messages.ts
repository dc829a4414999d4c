import type { Member, RequestClient } from './harness.ts';

/** A direct message from one member to another, sent through the API: its id. */
export async function sendDirect(t: { as(member: Member | null): RequestClient }, from: Member, to: Member, text: string): Promise<number> {
  const res = await t.as(from).post('/api/chat/send', { peer_id: to.id, text });
  if (res.statusCode !== 201) throw new Error(`direct send failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { message: { id: number } }).message.id;
}
