import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
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

export function useCreateThread(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ThreadInput) => createThread(id, input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: communityKeys.tab(id, 'threads') }),
  });
}
