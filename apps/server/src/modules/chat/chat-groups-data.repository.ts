import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversationMembers, conversations, messages, moderatedMessages } from '../../db/schema/index.ts';

const inGroup = (conversationId: typeof conversationMembers.conversationId | typeof messages.conversationId) =>
  and(eq(conversations.id, conversationId), eq(conversations.kind, 'group'));

/** A member's groups and what they said there, for 'Download my data'. */
export class ChatGroupsDataRepository {
  constructor(private readonly db: Db) {}

  async exportOf(userId: number) {
    const [memberships, sent] = await Promise.all([
      // Groups left or removed from too: the member was there, and their messages stay there.
      this.db
        .select({ member: conversationMembers, name: conversations.name })
        .from(conversationMembers)
        .innerJoin(conversations, inGroup(conversationMembers.conversationId))
        .where(eq(conversationMembers.userId, userId))
        .orderBy(asc(conversationMembers.joinedAt), asc(conversationMembers.conversationId)),
      // Their own messages, not the lines the group wrote about them (added, left, renamed).
      this.db
        .select({
          message: messages,
          moderation: moderatedMessages.state,
          keptText: moderatedMessages.text,
          keptFileName: moderatedMessages.fileName,
        })
        .from(messages)
        .innerJoin(conversations, inGroup(messages.conversationId))
        .leftJoin(moderatedMessages, eq(moderatedMessages.messageId, messages.id))
        .where(and(eq(messages.senderId, userId), isNull(messages.system)))
        .orderBy(asc(messages.id)),
    ]);
    return { memberships, sent };
  }
}
