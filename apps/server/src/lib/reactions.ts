/** One reaction of one member to one message, as every kind of conversation stores it. */
export interface ReactionRow {
  messageId: number;
  userId: number;
  emoji: string;
}

/** A message's reactions as clients show them: one entry per emoji, in the order each was first used. */
export function groupReactions(reactions: ReactionRow[]): Array<{ emoji: string; count: number; user_ids: number[] }> {
  const byEmoji = new Map<string, number[]>();
  for (const r of reactions) byEmoji.set(r.emoji, [...(byEmoji.get(r.emoji) ?? []), r.userId]);
  return [...byEmoji].map(([emoji, user_ids]) => ({ emoji, count: user_ids.length, user_ids }));
}
