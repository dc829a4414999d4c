import { DELETED_MEMBER_NAME, type ChatUser, type Community, type SearchResult } from '@tribeverse/shared';
import { partHighlights, snippetOf, wordHighlights } from './search-highlights.ts';
import type { MessageHit } from './search-messages.repository.ts';
import type { PersonHit, PostHit } from './search.repository.ts';

type Person = { id: number; username: string | null; fullName: string | null; profilePicture: string | null; deletedAt?: Date | null };

const presentPerson = (p: Person): ChatUser =>
  p.deletedAt
    ? { id: p.id, name: DELETED_MEMBER_NAME, username: null, avatar: null }
    : { id: p.id, name: p.fullName, username: p.username, avatar: p.profilePicture };

/** A message's text as a snippet: its file's name when it has no text (a search by `has:file` finds those too). */
const textOf = (hit: MessageHit) => hit.text || hit.fileName || '';

export function presentMessageHit(hit: MessageHit, lexemes: string[]): SearchResult {
  const text = textOf(hit);
  const conversation =
    hit.place.kind === 'direct'
      ? {
          kind: 'direct' as const,
          id: hit.place.peer.id,
          name: presentPerson({ ...hit.place.peer, profilePicture: null }).name ?? hit.place.peer.username ?? '',
        }
      : {
          kind: hit.place.kind,
          id: hit.place.id,
          name: hit.place.name,
          ...(hit.place.kind === 'channel' && hit.place.communityId !== null ? { community_id: hit.place.communityId } : {}),
        };
  return {
    type: 'message',
    item: {
      id: hit.id,
      conversation,
      sender: presentPerson(hit.sender),
      created_at: hit.createdAt.toISOString(),
      media_type: hit.mediaType,
      file_name: hit.fileName,
    },
    ...snippetOf(text, wordHighlights(text, lexemes)),
  };
}

export function presentPostHit(hit: PostHit, lexemes: string[]): SearchResult {
  return {
    type: 'post',
    item: {
      id: hit.id,
      author: presentPerson(hit.author),
      created_at: hit.createdAt.toISOString(),
      image_count: hit.imageCount,
      shared_post_id: hit.sharedPostId,
    },
    ...snippetOf(hit.text, wordHighlights(hit.text, lexemes)),
  };
}

/** A member's snippet is their name and user name ("Ada Lovelace @ada"), the parts that matched marked. */
export function presentPersonHit(hit: PersonHit, query: string): SearchResult {
  const snippet = [hit.fullName, hit.username ? `@${hit.username}` : null].filter(Boolean).join(' ');
  return { type: 'person', item: presentPerson(hit), snippet, highlights: partHighlights(snippet, query) };
}

/** A community's snippet is its name, or for a public one found by its description, that description around the match. */
export function presentCommunityHit(community: Community, description: string, query: string, lexemes: string[]): SearchResult {
  const byName = partHighlights(community.name, query);
  if (byName.length || community.visibility === 'private') {
    return { type: 'community', item: community, snippet: community.name, highlights: byName };
  }
  return { type: 'community', item: community, ...snippetOf(description, wordHighlights(description, lexemes)) };
}
