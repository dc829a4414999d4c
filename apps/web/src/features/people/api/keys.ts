/** Every people query lives under ['people', ...], so a follow change can refresh them with one prefix. */
export const peopleKeys = {
  all: ['people'] as const,
  profile: (username: string) => ['people', 'profile', username.toLowerCase()] as const,
  list: (userId: number, side: FollowSide) => ['people', 'list', userId, side] as const,
  communities: (userId: number) => ['people', 'communities', userId] as const,
};

export type FollowSide = 'followers' | 'following';
