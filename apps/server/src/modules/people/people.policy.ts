import type { Audience } from '@tribeverse/shared';

/** How the viewer stands to the member they look at. A block between them is not here: it hides the member entirely. */
export type Relation = 'self' | 'follower' | 'member' | 'visitor';

export interface PrivacySettings {
  phoneVisibility: Audience;
  dobVisibility: Audience;
  locationVisibility: Audience;
  lastSeenVisibility: Audience;
  profileVisibility: 'everyone' | 'members';
  messagePermission: 'everyone' | 'following';
}

export function relationOf(viewerId: number | null, ownerId: number, viewerFollowsOwner: boolean): Relation {
  if (viewerId === null) return 'visitor';
  if (viewerId === ownerId) return 'self';
  return viewerFollowsOwner ? 'follower' : 'member';
}

/** Whether a detail the owner shares with `audience` reaches this viewer: 'followers' means people who follow the owner. */
export function maySee(audience: Audience, relation: Relation): boolean {
  if (relation === 'self') return true;
  if (audience === 'everyone') return true;
  return audience === 'followers' && relation === 'follower';
}

/** 'members': a signed-out visitor is answered as if the profile did not exist. */
export function mayViewProfile(settings: Pick<PrivacySettings, 'profileVisibility'>, relation: Relation): boolean {
  return settings.profileVisibility === 'everyone' || relation !== 'visitor';
}

/** 'following': only the people the owner follows may write to them. */
export function mayMessage(settings: Pick<PrivacySettings, 'messagePermission'>, ownerFollowsSender: boolean): boolean {
  return settings.messagePermission === 'everyone' || ownerFollowsSender;
}
