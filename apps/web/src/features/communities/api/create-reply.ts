import { api } from '../../../lib/api-client';
import type { ThreadReply } from './get-replies';
import { communityKeys } from './keys';
import { useRefreshingMutation } from './refreshing-mutation';

export const createReply = (id: number, threadId: number, text: string) =>
  api<ThreadReply>(`/communities/${id}/threads/${threadId}/replies`, { method: 'POST', body: { text } });

export const useCreateReply = (id: number, threadId: number) =>
  useRefreshingMutation((text: string) => createReply(id, threadId, text), communityKeys.tab(id, 'threads'));
