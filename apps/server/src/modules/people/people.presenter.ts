import type { Person, PublicProfile } from '@tribeverse/shared';
import type { PersonRow, ProfileRow } from './people.repository.ts';

export interface ProfileFacts {
  interests: PublicProfile['interests'];
  counts: { followers: number; following: number; likes: number; posts: number };
  isMe: boolean;
  isFollowing: boolean;
  followsMe: boolean;
  canMessage: boolean;
  /** Which private details this viewer may see. */
  shows: { phone: boolean; dob: boolean; location: boolean };
}

/** Field by field: a private detail is left out (not null) when the viewer may not see it. */
export function presentProfile(row: ProfileRow, facts: ProfileFacts): PublicProfile {
  return {
    id: row.id,
    username: row.username ?? '',
    name: row.fullName,
    avatar: row.profilePicture,
    bio: row.bio,
    education: row.education,
    workspace: row.workspace,
    relationship: row.relationship,
    portfolio: row.portfolio,
    interests: facts.interests,
    followers_count: facts.counts.followers,
    following_count: facts.counts.following,
    likes_count: facts.counts.likes,
    posts_count: facts.counts.posts,
    is_me: facts.isMe,
    is_following: facts.isFollowing,
    follows_me: facts.followsMe,
    can_message: facts.canMessage,
    ...(facts.shows.phone && { phone_number: row.phoneNumber }),
    ...(facts.shows.dob && { dob: row.dob }),
    ...(facts.shows.location && { country: row.country }),
    created_at: row.createdAt.toISOString(),
  };
}

export function presentPerson(row: PersonRow, isFollowing: boolean, followsMe: boolean): Person {
  return {
    id: row.id,
    username: row.username,
    name: row.fullName,
    avatar: row.profilePicture,
    is_following: isFollowing,
    follows_me: followsMe,
  };
}
