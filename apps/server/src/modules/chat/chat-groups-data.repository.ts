import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sentWithModeration } from '../../db/persistence/moderated-messages.ts';
import { conversationMembers, conversations, messages } from '../../db/schema/index.ts';

/** A member's groups and what they said there, for 'Download my data'. */
export class ChatGroupsDataRepository {
  constructor(private readonly db: Db) {}

  async exportOf(userId: number) {
    const [memberships, sent] = await Promise.all([
      // Groups left or removed from too: the member was there, and their messages stay there.
      this.db
        .select({ member: conversationMembers, name: conversations.name })
        .from(conversationMembers)
        .innerJoin(conversations, and(eq(conversations.id, conversationMembers.conversationId), eq(conversations.kind, 'group')))
        .where(eq(conversationMembers.userId, userId))
        .orderBy(asc(conversationMembers.joinedAt), asc(conversationMembers.conversationId)),
      // Their own messages, not the lines the group wrote about them (added, left, renamed).
      sentWithModeration(this.db, userId, and(eq(conversations.kind, 'group'), isNull(messages.system))),
    ]);
    return { memberships, sent };
  }
}
