import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import { useRefreshingMutation } from './refreshing-mutation';
import type { DiscussionThread } from './types';

export interface ThreadInput {
  title: string;
  body: string;
  image?: File | null;
}

/** JSON, or multipart with the optional picture. */
export const createThread = (id: number, { title, body, image }: ThreadInput) => {
  if (!image) return api<DiscussionThread>(`/communities/${id}/threads`, { method: 'POST', body: { title, body } });
  const form = new FormData();
  form.set('title', title);
  form.set('body', body);
  form.set('image', image);
  return api<DiscussionThread>(`/communities/${id}/threads`, { method: 'POST', body: form });
};

export const useCreateThread = (id: number) =>
  useRefreshingMutation((input: ThreadInput) => createThread(id, input), communityKeys.tab(id, 'threads'));
