import type { Comment, Post, PostAuthor, PostPage, PublicPost, SharedPost } from '@tribeverse/shared';
import type { CommentView } from './comments.repository.ts';
import type { Page } from '../../db/persistence/paging.ts';
import type { PostAuthorRow, PostView } from './feed.repository.ts';

export function presentAuthor(author: PostAuthorRow): PostAuthor {
  return {
    id: author.id,
    username: author.username,
    full_name: author.fullName,
    avatar: author.profilePicture,
  };
}

function presentCore(view: PostView): SharedPost {
  return {
    _id: view.id,
    post_id: view.id,
    username: view.author.username,
    post: view.text,
    images: view.images.map((i) => i.url),
    thumbnails: view.images.map((i) => i.thumbnailUrl),
    date_post_created: view.createdAt.toISOString(),
    edited_at: view.editedAt?.toISOString() ?? null,
    content_warning: view.contentWarning,
    hashtags: view.hashtags,
    author: presentAuthor(view.author),
    likes_count: view.likesCount,
    comments_count: view.commentsCount,
    shares_count: view.sharesCount,
  };
}

/** The same for every member: what socket events carry. */
export function presentPublicPost(view: PostView): PublicPost {
  return { ...presentCore(view), shared_post: view.sharedPost ? presentCore(view.sharedPost) : null };
}

/** A post as this viewer sees it. */
export function presentPost(view: PostView, viewerId: number): Post {
  return {
    ...presentPublicPost(view),
    shared_post: view.sharedPost
      ? { ...presentCore(view.sharedPost), liked_by_me: view.sharedPost.likedByMe, shared_by_me: view.sharedPost.sharedByMe }
      : null,
    liked_by_me: view.likedByMe,
    shared_by_me: view.sharedByMe,
    is_mine: view.authorId === viewerId,
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
  };
}
