import type { StoredMessageRow, ConversationMessagesRepository } from './conversations-messages.repository.ts';
import { namedIn, presentMessage, type AnyPlace, type DirectPlace, type Place } from './conversations.presenter.ts';

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * Whom messages name: their senders where a message shows its sender (a group's, a channel's; the two people of a
 * direct chat know each other), a forward's author, the people of a system line.
 */
export function peopleNamed(rows: StoredMessageRow[], withSenders: boolean): number[] {
  const people = new Set<number>();
  for (const r of rows) {
    if (withSenders) people.add(r.senderId);
    if (r.forwardedFromUserId !== null) people.add(r.forwardedFromUserId);
    for (const id of namedIn(r.system)) people.add(id);
  }
  return [...people];
}

/** Whether each pair of these direct messages may see read times (one question a pair, most often one). */
async function receiptsByPair(place: DirectPlace, rows: StoredMessageRow[]) {
  const pairs = new Map(rows.map((r) => [pairKey(r.senderId, r.receiverId!), [r.senderId, r.receiverId!] as const]));
  const visible = await Promise.all([...pairs].map(async ([key, [a, b]]) => [key, await place.receiptsVisible(a, b)] as const));
  return new Map(visible);
}

/**
 * Messages as every reader sees them: reactions, the message replied to, and the people they name, in three lookups
 * for a page; a direct chat's read times as its two people allow. `place`: where they live, or where each one lives
 * (rows of several conversations at once, a list's last messages).
 */
export async function presentStored(
  messages: ConversationMessagesRepository,
  place: AnyPlace | ((conversationId: number) => Place),
  rows: StoredMessageRow[],
) {
  if (!rows.length) return [];
  const direct = typeof place !== 'function' && place.kind === 'direct' ? place : null;
  const replyIds = [...new Set(rows.map((r) => r.replyToId).filter((id): id is number => id !== null))];
  const [reactions, held, replies, senders, readVisible] = await Promise.all([
    messages.findReactions(rows.map((r) => r.id)),
    messages.findHeldIds(rows.map((r) => r.id)),
    messages.findByIds(replyIds),
    messages.findSenders(peopleNamed(rows, direct === null)),
    direct ? receiptsByPair(direct, rows) : new Map<string, boolean>(),
  ]);
  // A held message is quoted by no one's reply (the reply goes to everyone, the held message to its sender alone).
  const replyById = new Map(replies.filter((r) => !r.held).map((r) => [r.id, r]));
  const senderById = new Map(senders.map((s) => [s.id, s]));
  const placeOf = typeof place === 'function' ? (row: StoredMessageRow) => place(row.conversationId!) : () => place;
  return rows.map((row) =>
    presentMessage(placeOf(row), row, {
      senders: senderById,
      reactions: reactions.filter((x) => x.messageId === row.id),
      replyTo: row.replyToId ? (replyById.get(row.replyToId) ?? null) : null,
      readVisible: direct !== null && readVisible.get(pairKey(row.senderId, row.receiverId!)) === true,
      held: held.has(row.id),
    }),
  );
}
