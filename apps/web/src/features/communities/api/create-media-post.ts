import { api } from '../../../lib/api-client';
import { communityKeys } from './keys';
import { useRefreshingMutation } from './refreshing-mutation';
import type { MediaPost } from './types';

/** Multipart: text and up to four pictures. */
export const createMediaPost = (id: number, text: string, images: File[]) => {
  const form = new FormData();
  form.set('text', text);
  for (const image of images) form.append('images', image);
  return api<MediaPost>(`/communities/${id}/posts`, { method: 'POST', body: form });
};

export const useCreateMediaPost = (id: number) =>
  useRefreshingMutation(
    ({ text, images }: { text: string; images: File[] }) => createMediaPost(id, text, images),
    communityKeys.tab(id, 'posts'),
  );
