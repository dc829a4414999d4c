import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  chatPresence,
  heldProfiles,
  moderationAppeals,
  interestTags,
  messageHides,
  messageReactions,
  messages,
  missedMails,
  moderatedMessages,
  notifications,
  oauthAccounts,
  pollOptions,
  pollVotes,
  postComments,
  postImages,
  postLikes,
  posts,
  pushPreferences,
  sessions,
  totpBackupCodes,
  totpCredentials,
  twoStepChallenges,
  userBlocks,
  userInterests,
  userSettings,
  users,
  verificationCodes,
  voicePlays,
  passwordResetTokens,
} from '../../db/schema/index.ts';
import { sentWithModeration } from '../../db/persistence/moderated-messages.ts';

/** Tables whose rows (by their `user_id`) are the member's own, gone with the account: likes, settings, sign-in secrets. */
const MEMBER_OWN_ROWS = [
  postLikes,
  messageReactions,
  chatPresence,
  notifications,
  userInterests,
  userSettings,
  oauthAccounts,
  verificationCodes,
  passwordResetTokens,
  twoStepChallenges,
  totpBackupCodes,
  totpCredentials,
  // What only the member ever saw: notification choices, when they were last mailed, voice notes they played,
  // messages they deleted for themselves.
  pushPreferences,
  missedMails,
  voicePlays,
  messageHides,
  // A name and bio waiting for review (or kept for an appeal) are the member's own words; so are their appeals, and
  // an erased member's open appeal would leave staff deciding on an account with nothing left to restore.
  heldProfiles,
  moderationAppeals,
];

/**
 * Everything a member made, across features, for 'Download my data' and for deleting the account. It reads and
 * erases other features' tables on purpose: the export must be complete and erasure must miss nothing.
 */
export class AccountDataRepository {
  constructor(private readonly db: Db) {}

  async findUser(userId: number) {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    return row ?? null;
  }

  async sessionStartedAt(sessionId: number): Promise<Date | null> {
    const [row] = await this.db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
    return row?.createdAt ?? null;
  }

  async hasSocialSignIn(userId: number) {
    const rows = await this.db.select({ provider: oauthAccounts.provider }).from(oauthAccounts).where(eq(oauthAccounts.userId, userId));
    return rows.map((r) => r.provider);
  }

  async interestsOf(userId: number) {
    return this.db
      .select({ name: interestTags.name })
      .from(userInterests)
      .innerJoin(interestTags, eq(interestTags.id, userInterests.tagId))
      .where(eq(userInterests.userId, userId));
  }

  async settingsOf(userId: number) {
    const [row] = await this.db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
    return row ?? null;
  }

  async postsOf(userId: number) {
    const rows = await this.db.select().from(posts).where(eq(posts.authorId, userId)).orderBy(asc(posts.id));
    const images = rows.length
      ? await this.db
          .select()
          .from(postImages)
          .where(
            inArray(
              postImages.postId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(postImages.postId), asc(postImages.position))
      : [];
    return rows.map((post) => ({ post, images: images.filter((i) => i.postId === post.id) }));
  }

  async commentsOf(userId: number) {
    return this.db.select().from(postComments).where(eq(postComments.authorId, userId)).orderBy(asc(postComments.id));
  }

  async likesOf(userId: number) {
    return this.db.select().from(postLikes).where(eq(postLikes.userId, userId)).orderBy(asc(postLikes.createdAt));
  }

  /**
   * Private messages the member sent (those of groups and channels are their kinds' part of the export), each with
   * what moderation kept of it: held for review, or taken down by staff (its text and file name kept for an appeal).
   */
  async messagesSentBy(userId: number) {
    return sentWithModeration(this.db, userId, isNotNull(messages.receiverId));
  }

  /** Their answers to polls (which option of which poll): a vote in an anonymous poll is theirs as well. */
  async pollVotesOf(userId: number) {
    return this.db
      .select({ pollId: pollVotes.pollId, option: pollOptions.text, createdAt: pollVotes.createdAt })
      .from(pollVotes)
      .innerJoin(pollOptions, eq(pollOptions.id, pollVotes.optionId))
      .where(eq(pollVotes.userId, userId))
      .orderBy(asc(pollVotes.createdAt), asc(pollOptions.position));
  }

  async pushPreferencesOf(userId: number) {
    const [row] = await this.db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId)).limit(1);
    return row ?? null;
  }

  async blocksBy(userId: number) {
    return this.db.select().from(userBlocks).where(eq(userBlocks.blockerId, userId));
  }

  /**
   * Every stored file the member uploaded: profile picture, post images and thumbnails, message attachments, and
   * the files of their messages staff took down (kept in storage, off the message, for an appeal).
   */
  async filesOf(userId: number): Promise<string[]> {
    const user = await this.findUser(userId);
    const images = await this.db
      .select({ url: postImages.url, thumb: postImages.thumbnailUrl })
      .from(postImages)
      .innerJoin(posts, eq(posts.id, postImages.postId))
      .where(eq(posts.authorId, userId));
    const attachments = await this.db
      .select({ url: messages.mediaUrl })
      .from(messages)
      .where(and(eq(messages.senderId, userId), isNotNull(messages.mediaUrl)));
    const kept = await this.db
      .select({ url: moderatedMessages.mediaUrl })
      .from(moderatedMessages)
      .where(and(eq(moderatedMessages.authorId, userId), isNotNull(moderatedMessages.mediaUrl)));
    return [
      user?.profilePicture,
      ...images.flatMap((i) => [i.url, i.thumb]),
      ...attachments.map((a) => a.url),
      ...kept.map((k) => k.url),
    ].filter((u): u is string => !!u);
  }

  /**
   * Erases the member in one transaction. The user row stays as a nameless tombstone so the messages others
   * received keep a sender ('Deleted member'); those messages lose their attachments. Returns the session ids
   * that ended, to close their sockets.
   */
  async erase(userId: number, tombstoneEmail: string): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
      await tx.delete(posts).where(eq(posts.authorId, userId));
      await tx.delete(postComments).where(eq(postComments.authorId, userId));
      // A message held for review reached no one but its sender: it goes entirely (its held row with it), rather
      // than stay in the staff's queue where releasing it would publish a deleted member's words.
      const held = and(eq(moderatedMessages.authorId, userId), eq(moderatedMessages.state, 'held'));
      await tx
        .delete(messages)
        .where(inArray(messages.id, tx.select({ id: moderatedMessages.messageId }).from(moderatedMessages).where(held)));
      // What staff took down stays shown as removed; the text and file kept for an appeal go (the user row stays, so
      // author_id's cascade never fires).
      await tx.delete(moderatedMessages).where(eq(moderatedMessages.authorId, userId));
      await tx
        .update(messages)
        .set({ mediaUrl: null, mediaType: null, fileName: null })
        .where(and(eq(messages.senderId, userId), isNotNull(messages.mediaUrl)));
      await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
      for (const table of MEMBER_OWN_ROWS) await tx.delete(table).where(eq(table.userId, userId));
      // Others' notifications of what the member did (likes, comments, mentions) would still show their name.
      await tx.delete(notifications).where(sql`${notifications.payload}->>'actor_id' = ${String(userId)}`);
      await tx
        .update(users)
        .set({
          email: tombstoneEmail,
          passwordHash: null,
          fullName: null,
          username: null,
          gender: null,
          country: null,
          address: null,
          phoneNumber: null,
          bio: null,
          profilePicture: null,
          dob: null,
          education: null,
          workspace: null,
          portfolio: null,
          isConfirmed: false,
          twoStepEnabled: false,
          profileCompletedAt: null,
          deletedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
      return ended.map((r) => r.id);
    });
  }
}
