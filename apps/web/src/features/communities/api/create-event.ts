import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import { useRefreshingMutation } from './refreshing-mutation';
import type { CommunityEvent } from './types';

export interface EventInput {
  kind: CommunityEvent['kind'];
  title: string;
  description: string;
  link: string | null;
  starts_at: string;
}

export const createEvent = (id: number, input: EventInput) =>
  api<CommunityEvent>(`/communities/${id}/events`, { method: 'POST', body: input });

export const useCreateEvent = (id: number) =>
  useRefreshingMutation((input: EventInput) => createEvent(id, input), communityKeys.tab(id, 'events'));
