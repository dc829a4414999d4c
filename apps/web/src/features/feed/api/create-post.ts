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

/** What makes two submits the same post: a retry of it, as opposed to a post the member has since changed. */
const contentOf = ({ text, files, contentWarning }: CreatePostInput) =>
  JSON.stringify([text, contentWarning ?? '', files.map((f) => [f.name, f.size, f.type, f.lastModified])]);

export interface PendingPost {
  clientId: string;
  content: string;
}

/** The id for this submit: the pending one while the content is unchanged, a new one once it differs. */
export function clientIdFor(pending: { current: PendingPost | null }, input: CreatePostInput): string {
  const content = contentOf(input);
  if (pending.current?.content !== content) pending.current = { clientId: newClientId(), content };
  return pending.current.clientId;
}

export function useCreatePost() {
  const qc = useQueryClient();
  const { user } = useAuth();
  // One id per post being written: kept across failed attempts (and the automatic retries after a network
  // failure), so an upload that reached the server before the connection dropped is not posted twice; but a
  // changed post gets a new one, or the server would answer it with the earlier post.
  const pending = useRef<PendingPost | null>(null);
  return useMutation({
    mutationFn: (input: CreatePostInput) => createPost({ ...input, clientId: clientIdFor(pending, input) }),
    retry: (count, error) => error instanceof ApiError && error.isNetworkError && count < 2,
    onSuccess: (post) => {
      pending.current = null;
      insertPost(qc, post, user?.id);
    },
  });
}
