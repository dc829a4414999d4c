import { presentSentMessage } from '../../lib/exported-messages.ts';
import type { AccountDataRepository } from './account-data.repository.ts';

type Repo = AccountDataRepository;
type User = NonNullable<Awaited<ReturnType<Repo['findUser']>>>;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The export, field by field: what the member made and chose, never secrets (password hash, tokens, codes). */
export function presentExport(input: {
  user: User;
  providers: string[];
  interests: Awaited<ReturnType<Repo['interestsOf']>>;
  settings: Awaited<ReturnType<Repo['settingsOf']>>;
  posts: Awaited<ReturnType<Repo['postsOf']>>;
  comments: Awaited<ReturnType<Repo['commentsOf']>>;
  likes: Awaited<ReturnType<Repo['likesOf']>>;
  messages: Awaited<ReturnType<Repo['messagesSentBy']>>;
  blocks: Awaited<ReturnType<Repo['blocksBy']>>;
  pollVotes: Awaited<ReturnType<Repo['pollVotesOf']>>;
  push: Awaited<ReturnType<Repo['pushPreferencesOf']>>;
  extra: Record<string, unknown>;
}) {
  const { user } = input;
  return {
    exported_at: new Date().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      username: user.username,
      full_name: user.fullName,
      gender: user.gender,
      country: user.country,
      address: user.address,
      phone_number: user.phoneNumber,
      dob: user.dob,
      bio: user.bio,
      education: user.education,
      workspace: user.workspace,
      portfolio: user.portfolio,
      profile_picture: user.profilePicture,
      is_confirmed: user.isConfirmed,
      created_at: iso(user.createdAt),
      sign_in_with: input.providers,
      interests: input.interests.map((i) => i.name),
    },
    settings: input.settings
      ? {
          read_receipts: input.settings.readReceipts,
          last_seen_visibility: input.settings.lastSeenVisibility,
          auto_delete: input.settings.autoDelete,
        }
      : null,
    posts: input.posts.map(({ post, images }) => ({
      id: post.id,
      text: post.text,
      content_warning: post.contentWarning,
      shared_post_id: post.sharedPostId,
      images: images.map((i) => i.url),
      created_at: iso(post.createdAt),
      edited_at: iso(post.editedAt),
    })),
    comments: input.comments.map((c) => ({ id: c.id, post_id: c.postId, text: c.text, created_at: iso(c.createdAt) })),
    likes: input.likes.map((l) => ({ post_id: l.postId, created_at: iso(l.createdAt) })),
    messages_sent: input.messages.map((row) => ({ to_user_id: row.message.receiverId, ...presentSentMessage('chat', row) })),
    blocked_user_ids: input.blocks.map((b) => b.blockedId),
    poll_votes: input.pollVotes.map((v) => ({ poll_id: v.pollId, option: v.option, voted_at: iso(v.createdAt) })),
    // Null: never changed, every kind of notification on.
    notification_preferences: input.push
      ? {
          previews: input.push.previews,
          kinds: {
            messages: input.push.messages,
            mentions: input.push.mentions,
            follows: input.push.follows,
            likes: input.push.likes,
            communities: input.push.communities,
          },
          mail: { missed_messages: input.push.missedMail },
        }
      : null,
    ...input.extra,
  };
}
