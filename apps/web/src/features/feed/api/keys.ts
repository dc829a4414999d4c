/** Every post list lives under ['posts', ...], so live events can reach all of them with one prefix. */
export const feedKeys = {
  all: ['posts'] as const,
  lists: () => ['posts', 'list'] as const,
  feed: (filters: FeedFilters) => ['posts', 'list', 'feed', filters] as const,
  user: (userId: number | 'me') => ['posts', 'list', 'user', userId] as const,
  comments: (postId: number) => ['posts', 'comments', postId] as const,
  stats: (userId?: number | 'me') => (userId === undefined ? (['posts', 'stats'] as const) : (['posts', 'stats', userId] as const)),
};

export interface FeedFilters {
  tag?: string;
  author?: string;
  /** The 'Following' tab: posts of the people the member follows, and their own. */
  following?: boolean;
}
