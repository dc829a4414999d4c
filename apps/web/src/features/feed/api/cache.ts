import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Post, PostPage, PublicPost, SharedPost, ViewerSharedPost } from '@tribeverse/shared';
import { feedKeys, type FeedFilters } from './keys';

export type PostPages = InfiniteData<PostPage, unknown>;

/**
 * A broadcast post as this viewer sees it: their flags are worked out here, never sent by the server. For a repost,
 * what this viewer already knows of the original (`known`) keeps its heart and share state.
 */
export function toViewerPost(post: PublicPost, meId: number | undefined, known: ViewerFlags = {}): Post {
  const shared_post = post.shared_post
    ? {
        ...post.shared_post,
        liked_by_me: known.liked_by_me ?? false,
        shared_by_me: post.author.id === meId || (known.shared_by_me ?? false),
      }
    : null;
  return { ...post, shared_post, liked_by_me: false, shared_by_me: false, is_mine: post.author.id === meId };
}

/** What Like, Comment and Share on a card act on: the post itself, or for a repost its original (as a boost does). */
export type ActionTarget = ViewerSharedPost;
export const actionTarget = (post: Post): ActionTarget => post.shared_post ?? post;

/** This viewer's flags on a post, from wherever a loaded list shows it (on its own or inside a repost). */
export function knownFlags(qc: QueryClient, postId: number | undefined): ViewerFlags {
  if (postId === undefined) return {};
  for (const [, data] of qc.getQueriesData<PostPages>({ queryKey: feedKeys.lists() })) {
    for (const page of data?.pages ?? []) {
      for (const p of page.posts) {
        const found = p.post_id === postId ? p : p.shared_post?.post_id === postId ? p.shared_post : null;
        if (found) return { liked_by_me: found.liked_by_me, shared_by_me: found.shared_by_me };
      }
    }
  }
  return {};
}

export const hasPost = (data: PostPages, postId: number) => data.pages.some((page) => page.posts.some((p) => p.post_id === postId));

/** Puts a post first unless it is already listed (the author's own post also comes back through the socket). */
export function prependPost(data: PostPages, post: Post): PostPages {
  if (hasPost(data, post.post_id)) return data;
  // A live post before anything is loaded waits for the first load, which will hold it.
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, posts: [post, ...first.posts] }, ...rest] };
}

export function mapPosts(data: PostPages, fn: (post: Post) => Post): PostPages {
  let changed = false;
  const pages = data.pages.map((page) => ({
    ...page,
    posts: page.posts.map((p) => {
      const next = fn(p);
      if (next !== p) changed = true;
      return next;
    }),
  }));
  return changed ? { ...data, pages } : data;
}

/** Removes posts but keeps each page's cursor: the next page still starts where the server said. */
export function removePosts(data: PostPages, drop: (post: Post) => boolean): PostPages {
  if (!data.pages.some((page) => page.posts.some(drop))) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.filter((p) => !drop(p)) })) };
}

/** Each post once, even if a live insert and a later page were to both hold it. */
export function flattenPages(data: PostPages | undefined): Post[] {
  const seen = new Set<number>();
  const out: Post[] = [];
  for (const page of data?.pages ?? []) {
    for (const post of page.posts) {
      if (seen.has(post.post_id)) continue;
      seen.add(post.post_id);
      out.push(post);
    }
  }
  return out;
}

/** Whether a list (by its query key) should show this post. */
export function listShows(queryKey: QueryKey, post: PublicPost, meId: number | undefined): boolean {
  const [, , kind, arg] = queryKey as [string, string, string, unknown];
  if (kind === 'user') return post.author.id === (arg === 'me' ? meId : arg);
  if (kind === 'feed') {
    const filters = (arg ?? {}) as FeedFilters;
    if (filters.tag && !post.hashtags.includes(filters.tag.replace(/^#/, '').toLowerCase())) return false;
    if (filters.author && post.author.username?.toLowerCase() !== filters.author.toLowerCase()) return false;
    return true;
  }
  return false;
}

/** Applies a change to every loaded post list. */
export function updateLists(qc: QueryClient, fn: (data: PostPages, key: QueryKey) => PostPages) {
  for (const [key, data] of qc.getQueriesData<PostPages>({ queryKey: feedKeys.lists() })) {
    if (data) qc.setQueryData<PostPages>(key, fn(data, key));
  }
}

export type CoreFields = Partial<Omit<SharedPost, 'post_id' | '_id'>>;
export type ViewerFlags = Partial<Pick<Post, 'liked_by_me' | 'shared_by_me' | 'held'>>;

/** The fields every member sees alike, from a post or a broadcast (without its embedded original). */
export function coreOf(post: PublicPost): CoreFields {
  const { shared_post: _shared, ...core } = post;
  const { liked_by_me: _l, shared_by_me: _s, is_mine: _m, ...rest } = core as typeof core & Partial<Post>;
  return rest;
}

/** Patches a post wherever it appears: in the lists, and embedded as the original of reposts. */
export function patchPost(qc: QueryClient, postId: number, patch: CoreFields, viewer: ViewerFlags = {}) {
  updateLists(qc, (data) =>
    mapPosts(data, (p) => {
      let next = p.post_id === postId ? { ...p, ...patch, ...viewer } : p;
      if (next.shared_post?.post_id === postId) next = { ...next, shared_post: { ...next.shared_post, ...patch, ...viewer } };
      return next;
    }),
  );
}

export function insertPost(qc: QueryClient, post: Post, meId: number | undefined) {
  const unsure: QueryKey[] = [];
  updateLists(qc, (data, key) => {
    if (!listShows(key, post, meId)) return data;
    if (!followingListShows(key, data, post, meId)) {
      unsure.push(key);
      return data;
    }
    return prependPost(data, post);
  });
  // Whether the member follows this author is the server's to say: a 'Following' list that cannot tell reads itself again.
  for (const key of unsure) void qc.invalidateQueries({ queryKey: key, exact: true });
}

/** A 'Following' list shows a new post at once when it is the member's own or by an author already in the list. */
function followingListShows(key: QueryKey, data: PostPages, post: Post, meId: number | undefined) {
  const [, , kind, arg] = key as [string, string, string, FeedFilters | undefined];
  if (kind !== 'feed' || !arg?.following || post.author.id === meId) return true;
  return data.pages.some((page) => page.posts.some((p) => p.author.id === post.author.id));
}

export function dropPost(qc: QueryClient, postId: number) {
  updateLists(qc, (data) => removePosts(data, (p) => p.post_id === postId || p.shared_post?.post_id === postId));
}
