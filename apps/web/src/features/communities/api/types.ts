import type { Community, CommunityMember, CommunityUser } from '@tribeverse/shared';

/** Community shapes come from packages/shared (the server validates with the same schemas); a few list wrappers here. */
export type {
  AuditEntry,
  Channel,
  Community,
  CommunityEvent,
  CommunityMember,
  CommunityMessage,
  CommunityOnline,
  CommunityReport,
  CommunityRight,
  CommunityRole,
  CommunityStatus,
  CommunityUser,
  DiscussionThread,
  Invite,
  MediaPost,
} from '@tribeverse/shared';

export interface CommunityPage {
  communities: Community[];
  next_cursor: string | null;
}

export interface MemberPage {
  members: CommunityMember[];
  next_cursor: string | null;
}

export interface JoinRequest {
  user: CommunityUser;
  requested_at: string;
}

export interface CommunityUnread {
  total: number;
  communities: { community_id: number; unread: number }[];
}

export interface CreateCommunityInput {
  name: string;
  description: string;
  visibility: 'public' | 'private';
  paid: boolean;
  interests: string[];
  place?: { name: string; lat: number; lng: number } | null;
  image?: File | null;
}

export const displayName = (u: Pick<CommunityUser, 'name' | 'username'>) => u.name || u.username || 'Member';
