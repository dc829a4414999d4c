import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  communities,
  communityMembers,
  conversationMembers,
  conversations,
  messages,
  moderatedPosts,
  postComments,
  postImages,
  posts,
  users,
} from '../../db/schema/index.ts';

export interface PostTarget {
  authorId: number;
  text: string;
  images: string[];
  createdAt: Date;
}
export interface CommentTarget {
  authorId: number;
  postId: number;
  text: string;
  postText: string;
  createdAt: Date;
}
export interface MessageCopy {
  id: number;
  senderId: number;
  text: string;
  mediaType: string | null;
  createdAt: Date;
}
/** Where a message is: between two people, or in a group or a channel. */
export type MessagePlace =
  | { kind: 'direct'; members: [number, number] }
  | { kind: 'group'; conversationId: number }
  | { kind: 'channel'; conversationId: number; communityId: number };

/**
 * What a report reads of the things members report: each feature's own tables, read only, at the moment of the
 * report (what the reporter sees), so the report keeps a copy that later edits and deletions do not change.
 */
export class AdminTargetsRepository {
  constructor(private readonly db: Db) {}

  async findPost(id: number): Promise<PostTarget | null> {
    const [post] = await this.db
      .select({ authorId: posts.authorId, text: posts.text, createdAt: posts.createdAt })
      .from(posts)
      .where(eq(posts.id, id));
    if (!post) return null;
    const images = await this.db
      .select({ url: postImages.url })
      .from(postImages)
      .where(eq(postImages.postId, id))
      .orderBy(asc(postImages.position));
    return { ...post, images: images.map((i) => i.url) };
  }

  async findComment(id: number): Promise<CommentTarget | null> {
    const [row] = await this.db
      .select({
        authorId: postComments.authorId,
        postId: postComments.postId,
        text: postComments.text,
        postText: posts.text,
        createdAt: postComments.createdAt,
      })
      .from(postComments)
      .innerJoin(posts, eq(posts.id, postComments.postId))
      // One held for review or taken down is seen by nobody else: there is nothing of it to report.
      .where(and(eq(postComments.id, id), isNull(postComments.moderation)));
    return row ?? null;
  }

  async findMember(id: number): Promise<{ id: number; bio: string | null } | null> {
    const [row] = await this.db
      .select({ id: users.id, bio: users.bio })
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    return row ?? null;
  }

  async findCommunity(id: number) {
    const [row] = await this.db
      .select({
        ownerId: communities.ownerId,
        name: communities.name,
        description: communities.description,
        visibility: communities.visibility,
      })
      .from(communities)
      .where(eq(communities.id, id));
    return row ?? null;
  }

  async isCommunityMember(communityId: number, userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: communityMembers.userId })
      .from(communityMembers)
      .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId), eq(communityMembers.state, 'member')));
    return Boolean(row);
  }

  /** A message with content (not deleted, not a line the conversation wrote itself) and where it is. */
  async findMessage(id: number): Promise<(MessageCopy & { place: MessagePlace }) | null> {
    const [row] = await this.db
      .select({
        id: messages.id,
        senderId: messages.senderId,
        receiverId: messages.receiverId,
        conversationId: messages.conversationId,
        text: messages.text,
        mediaType: messages.mediaType,
        createdAt: messages.createdAt,
        deletedAt: messages.deletedAt,
        kind: conversations.kind,
        communityId: conversations.communityId,
        isSystem: messages.system,
      })
      .from(messages)
      .leftJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(messages.id, id));
    if (!row || row.deletedAt || row.isSystem) return null;
    const copy = { id: row.id, senderId: row.senderId, text: row.text, mediaType: row.mediaType, createdAt: row.createdAt };
    if (row.receiverId !== null) return { ...copy, place: { kind: 'direct', members: [row.senderId, row.receiverId] } };
    if (row.kind === 'channel' && row.communityId !== null)
      return { ...copy, place: { kind: 'channel', conversationId: row.conversationId!, communityId: row.communityId } };
    return { ...copy, place: { kind: 'group', conversationId: row.conversationId! } };
  }

  /** A group member's reading start (they read the messages after it), or null when not (or no longer) in it. */
  async groupHistoryFrom(conversationId: number, userId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ historyFrom: conversationMembers.historyFrom })
      .from(conversationMembers)
      .where(
        and(
          eq(conversationMembers.conversationId, conversationId),
          eq(conversationMembers.userId, userId),
          eq(conversationMembers.state, 'member'),
        ),
      );
    return row ? row.historyFrom : null;
  }

  /** Posts held for review, oldest first: the queue moderators release or remove them from. */
  async findHeldPosts() {
    return this.db
      .select({ postId: posts.id, authorId: posts.authorId, text: posts.text, createdAt: posts.createdAt })
      .from(moderatedPosts)
      .innerJoin(posts, eq(posts.id, moderatedPosts.postId))
      .where(eq(moderatedPosts.state, 'held'))
      .orderBy(asc(moderatedPosts.createdAt))
      .limit(200);
  }

  /** Several messages with content, oldest first, each with where it is. */
  async findMessages(ids: number[]) {
    const found = await Promise.all([...new Set(ids)].map((id) => this.findMessage(id)));
    return found.filter((m) => m !== null).sort((a, b) => a.id - b.id);
  }
}
