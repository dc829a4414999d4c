import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cursorPagesQuery } from '../../../lib/cursor-pages';
import { communityKeys } from './keys';
import type { CommunityUser } from './types';

export interface ThreadReply {
  id: number;
  thread_id: number;
  text: string;
  author: CommunityUser;
  created_at: string;
}

const repliesKey = (id: number, threadId: number) => [...communityKeys.tab(id, 'threads'), threadId, 'replies'] as const;

export const getReplies = (id: number, threadId: number, before: number | null) =>
  api<{ replies: ThreadReply[]; next_cursor: number | null }>(`/communities/${id}/threads/${threadId}/replies`, { query: { before } });

export const useReplies = (id: number, threadId: number) =>
  useInfiniteQuery(cursorPagesQuery(repliesKey(id, threadId), (before) => getReplies(id, threadId, before)));
