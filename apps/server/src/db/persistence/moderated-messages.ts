import { and, asc, eq, isNotNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { conversations, messages, moderatedMessages } from '../schema/index.ts';

type Ref = AnyPgColumn | SQL;

/**
 * Not a message a filter holds for review: what everyone but its sender reads (unread counts, missed-message mail,
 * read marks). A message the instance's moderators removed needs nothing here: its row is deleted as any removal is.
 */
export function notHeld(messageId: Ref) {
  return sql`not exists(select 1 from ${moderatedMessages} mm where mm.message_id = ${messageId} and mm.state = 'held')`;
}

/**
 * Whether `viewer` may see this message as far as the instance's filters go: their own, or not held for review. Every
 * read a reader sees (history, pins, conversation heads, search) applies it.
 */
export function notHeldFor(message: { id: Ref; senderId: Ref }, viewer: number | SQL | Placeholder) {
  return sql`(${message.senderId} = ${viewer} or ${notHeld(message.id)})`;
}

/**
 * The files that messages the instance's moderators took down keep for an appeal (moderated_messages), of the messages
 * `which` picks: whatever deletes those messages for good (a group's last member leaving, a channel or a community
 * deleted) removes these files with the messages' own.
 */
export async function keptFiles(db: Pick<Db, 'select'>, which: SQL): Promise<string[]> {
  const rows = await db
    .select({ url: moderatedMessages.mediaUrl })
    .from(moderatedMessages)
    .innerJoin(messages, eq(messages.id, moderatedMessages.messageId))
    .where(and(which, isNotNull(moderatedMessages.mediaUrl)));
  return rows.map((r) => r.url!);
}

/**
 * The messages a member sent that `where` picks (on the message, and its conversation when it has one), oldest first,
 * each with what moderation kept of it: held for review, or taken down by staff with its text and file name kept for
 * an appeal, still the member's words. 'Download my data' shows each kind's with this.
 */
export function sentWithModeration(db: Pick<Db, 'select'>, senderId: number, where: SQL | undefined) {
  return db
    .select({
      message: messages,
      communityId: conversations.communityId,
      moderation: moderatedMessages.state,
      keptText: moderatedMessages.text,
      keptFileName: moderatedMessages.fileName,
    })
    .from(messages)
    .leftJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(moderatedMessages, eq(moderatedMessages.messageId, messages.id))
    .where(and(eq(messages.senderId, senderId), where))
    .orderBy(asc(messages.id));
}
