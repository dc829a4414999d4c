import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RelationChange } from '../../../lib/member-relations';
import { removePosts, updateLists } from './cache';
import { feedKeys, type FeedFilters } from './keys';

/** A list of one author's posts (their page, or the feed filtered by author): the server applies no mutes there. */
function isAuthorList(key: QueryKey) {
  const [, , kind, arg] = key as [string, string, string, unknown];
  return kind === 'user' || (kind === 'feed' && !!(arg as FeedFilters | undefined)?.author);
}

/**
 * Takes a member's posts, their shares and others' shares of their posts out of the loaded lists at once, keeping
 * each page's cursor. `exceptAuthorLists`: a mute leaves the lists of one author alone, as the server does.
 */
export function dropMemberPosts(qc: QueryClient, userId: number, { exceptAuthorLists = false } = {}) {
  updateLists(qc, (data, key) =>
    exceptAuthorLists && isAuthorList(key) ? data : removePosts(data, (p) => p.author.id === userId || p.shared_post?.author.id === userId),
  );
}

/**
 * The feed's side of a mute or block: what it hides leaves the cached pages now (not only at the next read); what it
 * shows again, or what the event cannot tell (a block:updated the viewer did not make), is read again.
 */
export function applyRelationChange(qc: QueryClient, change: RelationChange) {
  const readAgain = () => void qc.invalidateQueries({ queryKey: feedKeys.lists() });
  switch (change.kind) {
    case 'muted':
      dropMemberPosts(qc, change.user_id, { exceptAuthorLists: true });
      return;
    case 'blocked':
      dropMemberPosts(qc, change.user_id);
      // Their comments under anyone's post go too.
      void qc.invalidateQueries({ queryKey: [...feedKeys.all, 'comments'] });
      return;
    case 'block-changed':
      dropMemberPosts(qc, change.user_id);
      void qc.invalidateQueries({ queryKey: [...feedKeys.all, 'comments'] });
      readAgain();
      return;
    case 'unmuted':
    case 'unblocked':
      readAgain();
      void qc.invalidateQueries({ queryKey: [...feedKeys.all, 'comments'] });
  }
}
