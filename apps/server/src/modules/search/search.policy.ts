import { ErrorCode, type SearchFilters, type searchQuerySchema } from '@tribeverse/shared';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import type { RankCursor } from './search.repository.ts';

/**
 * What a search may reach is decided inside the repositories' statements (a member's readable conversations, the
 * feed's blocks and mutes, public pages): a filter can only narrow that, never widen it. Naming a conversation one
 * cannot read, or a member one cannot see, finds nothing rather than telling that it exists.
 */

export type SearchParams = z.output<typeof searchQuerySchema>;

const DAY_MS = 86_400_000;

/** The filters of the box's words and of the query parameters; a parameter wins over a word of the same key. */
export function mergeFilters(words: SearchFilters, params: SearchParams): SearchFilters {
  const merged: SearchFilters = { ...words };
  if (params.from !== undefined) merged.from = params.from.replace(/^@/, '');
  if (params.has !== undefined) merged.has = params.has;
  if (params.before_date !== undefined) merged.before_date = params.before_date;
  if (params.after_date !== undefined) merged.after_date = params.after_date;
  if (params.in_kind !== undefined || params.in_id !== undefined) {
    if (params.in_kind === undefined || params.in_id === undefined)
      throw badRequest('Name a conversation with both in_kind and in_id.', ErrorCode.VALIDATION_FAILED, 'in_id');
    merged.in_kind = params.in_kind;
    merged.in_id = params.in_id;
    delete merged.in_username;
  }
  return merged;
}

/** `before:D`: sent before day D began; `after:D`: sent after day D ended (UTC), as Slack and Discord read them. */
export function dateBounds(filters: SearchFilters): { sentBefore?: Date; sentFrom?: Date } {
  return {
    sentBefore: filters.before_date ? new Date(`${filters.before_date}T00:00:00Z`) : undefined,
    sentFrom: filters.after_date ? new Date(Date.parse(`${filters.after_date}T00:00:00Z`) + DAY_MS) : undefined,
  };
}

export const hasAnyFilter = (f: SearchFilters) =>
  f.from !== undefined || f.in_kind !== undefined || f.has !== undefined || f.before_date !== undefined || f.after_date !== undefined;

const badCursor = () => badRequest('Unknown position in the list', ErrorCode.VALIDATION_FAILED, 'before');

/** The opaque next_cursor: the last result's score and id. */
export const encodeCursor = (c: RankCursor) => Buffer.from(JSON.stringify([c.rank, c.id])).toString('base64url');

export function decodeCursor(text: string | undefined): RankCursor | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value.length !== 2) throw badCursor();
  const [rank, id] = value as unknown[];
  if (typeof rank !== 'number' || !Number.isFinite(rank) || !Number.isInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647)
    throw badCursor();
  return { rank, id: id as number };
}
