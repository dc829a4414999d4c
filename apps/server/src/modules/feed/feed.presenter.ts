import type { Comment, Post, PostAuthor, PostPage, PublicPost, SharedPost } from '@tribeverse/shared';
import type { CommentView } from './feed-comments.repository.ts';
import type { Page } from '../../db/persistence/paging.ts';
import type { PostAuthorRow, PostCard, PostView } from './feed.repository.ts';

export function presentAuthor(author: PostAuthorRow): PostAuthor {
  return {
    id: author.id,
    username: author.username,
    full_name: author.fullName,
    avatar: author.profilePicture,
  };
}

/**
 * Cards are shared by every viewer and kept while unchanged (see CardCache), so each is presented once: the same
 * frozen object goes into every answer that shows that version of the post.
 */
const presented = new WeakMap<PostCard, SharedPost>();

function presentCore(card: PostCard): SharedPost {
  let core = presented.get(card);
  if (!core) {
    core = Object.freeze({
      _id: card.id,
      post_id: card.id,
      username: card.author.username,
      post: card.text,
      images: card.images.map((i) => i.url),
      thumbnails: card.images.map((i) => i.thumbnailUrl),
      date_post_created: card.createdAt.toISOString(),
      edited_at: card.editedAt?.toISOString() ?? null,
      content_warning: card.contentWarning,
      hashtags: card.hashtags,
      author: presentAuthor(card.author),
      likes_count: card.likesCount,
      comments_count: card.commentsCount,
      shares_count: card.sharesCount,
    });
    presented.set(card, core);
  }
  return core;
}

/** The same for every member: what socket events carry. */
export function presentPublicPost(view: PostView): PublicPost {
  return { ...presentCore(view.card), shared_post: view.sharedPost ? presentCore(view.sharedPost.card) : null };
}

/** A post as this viewer sees it. */
export function presentPost(view: PostView, viewerId: number): Post {
  return {
    ...presentCore(view.card),
    shared_post: view.sharedPost
      ? { ...presentCore(view.sharedPost.card), liked_by_me: view.sharedPost.likedByMe, shared_by_me: view.sharedPost.sharedByMe }
      : null,
    liked_by_me: view.likedByMe,
    shared_by_me: view.sharedByMe,
    is_mine: view.card.authorId === viewerId,
    ...(view.held ? { held: true } : {}),
  };
}

export function presentPostPage(page: Page<PostView>, viewerId: number): PostPage {
  return { posts: page.rows.map((v) => presentPost(v, viewerId)), next_cursor: page.nextCursor };
}

export function presentComment(view: CommentView): Comment {
  return {
    id: view.id,
    post_id: view.postId,
    text: view.text,
    created_at: view.createdAt.toISOString(),
    author: presentAuthor(view.author),
    ...(view.held ? { held: true } : {}),
  };
}
