import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cursorPagesQuery } from '../../../lib/cursor-pages';
import { communityKeys } from './keys';
import type { AuditEntry } from './types';

export const getAudit = (id: number, before: number | null) =>
  api<{ entries: AuditEntry[]; next_cursor: number | null }>(`/communities/${id}/audit`, { query: { before } });

export const auditQuery = (id: number) => cursorPagesQuery(communityKeys.audit(id), (before) => getAudit(id, before));

export const useAudit = (id: number) => useInfiniteQuery(auditQuery(id));
