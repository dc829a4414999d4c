import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '@tribeverse/shared';
import { ApiError, uploadWithProgress } from '../../../lib/api-client';
import { newClientId } from '../../../lib/ids';
import { useAuth } from '../../../lib/auth';
import { insertPost } from './cache';

export interface CreatePostInput {
  text: string;
  files: File[];
  contentWarning?: string;
  /** Idempotency key: the same id on a retry returns the post already made instead of a second one. */
  clientId?: string;
  onProgress?: (fraction: number) => void;
}

/** multipart: 'post' only when there is text, one 'images' part per file (the spec's call). */
export function createPost({ text, files, contentWarning, clientId, onProgress }: CreatePostInput) {
  const form = new FormData();
  if (clientId) form.append('client_id', clientId);
  if (text) form.append('post', text);
  if (contentWarning) form.append('content_warning', contentWarning);
  for (const file of files) form.append('images', file, file.name);
  return uploadWithProgress<Post>('/posts/create', form, { onProgress });
}

export function useCreatePost() {
  const qc = useQueryClient();
  const { user } = useAuth();
  // One id per post being written: kept across failed attempts (and the automatic retries after a network
  // failure), so an upload that reached the server before the connection dropped is not posted twice.
  const pendingId = useRef<string | null>(null);
  return useMutation({
    mutationFn: (input: CreatePostInput) => createPost({ ...input, clientId: (pendingId.current ??= newClientId()) }),
    retry: (count, error) => error instanceof ApiError && error.isNetworkError && count < 2,
    onSuccess: (post) => {
      pendingId.current = null;
      insertPost(qc, post, user?.id);
    },
  });
}
