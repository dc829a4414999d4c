import type { AdminUser } from '@tribeverse/shared';

/** A member as the admin area names them: full name, else @username; a deleted account says so. */
export const memberName = (u: Pick<AdminUser, 'full_name' | 'username'> | null) =>
  u ? u.full_name || (u.username ? `@${u.username}` : 'A member without a name') : 'A deleted account';

export const KIND_WORDS = { post: 'Post', comment: 'Comment', user: 'Profile', message: 'Message', community: 'Community' } as const;
