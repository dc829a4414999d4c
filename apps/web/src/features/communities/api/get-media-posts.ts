import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cursorPagesQuery } from '../../../lib/cursor-pages';
import { communityKeys } from './keys';
import type { MediaPost } from './types';

export const getMediaPosts = (id: number, before: number | null) =>
  api<{ posts: MediaPost[]; next_cursor: number | null }>(`/communities/${id}/posts`, { query: { before } });

export const useMediaPosts = (id: number) =>
  useInfiniteQuery(cursorPagesQuery(communityKeys.tab(id, 'posts'), (before) => getMediaPosts(id, before)));
