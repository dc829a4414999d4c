import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import type { MediaPost } from './types';

/** Multipart: text and up to four pictures. */
export const createMediaPost = (id: number, text: string, images: File[]) => {
  const form = new FormData();
  form.set('text', text);
  for (const image of images) form.append('images', image);
  return api<MediaPost>(`/communities/${id}/posts`, { method: 'POST', body: form });
};

export function useCreateMediaPost(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ text, images }: { text: string; images: File[] }) => createMediaPost(id, text, images),
    onSuccess: () => void qc.invalidateQueries({ queryKey: communityKeys.tab(id, 'posts') }),
  });
}
