/** Every community cache lives under ['communities', ...], so one prefix refreshes them all after a change. */
export const communityKeys = {
  all: ['communities'] as const,
  lists: () => ['communities', 'list'] as const,
  list: (filters: CommunityFilters) => ['communities', 'list', filters] as const,
  detail: (id: number) => ['communities', 'detail', id] as const,
  members: (id: number) => ['communities', 'members', id] as const,
  requests: (id: number) => ['communities', 'requests', id] as const,
  preview: (id: number) => ['communities', 'preview', id] as const,
  /** Every channel's history lives under it, so one prefix covers them all (Clear chat, leaving). */
  messages: (id: number) => ['communities', 'messages', id] as const,
  channelMessages: (id: number, channelId: number) => ['communities', 'messages', id, channelId] as const,
  /** A channel's pinned messages, newest pin first. */
  pins: (id: number, channelId: number) => ['communities', 'pins', id, channelId] as const,
  channels: (id: number) => ['communities', 'channels', id] as const,
  online: (id: number) => ['communities', 'online', id] as const,
  invites: (id: number) => ['communities', 'invites', id] as const,
  reports: (id: number) => ['communities', 'reports', id] as const,
  audit: (id: number) => ['communities', 'audit', id] as const,
  tab: (id: number, tab: 'threads' | 'posts' | 'events') => ['communities', tab, id] as const,
  unread: ['communities', 'unread-count'] as const,
};

export interface CommunityFilters {
  search?: string;
  interest?: string;
  mine?: boolean;
}
