import { ErrorCode } from '@tribeverse/shared';
import { AppError } from '../../lib/errors.ts';
import { HOSTS } from './admin-filters.ts';

/**
 * New accounts' first-day limits (the instance's `new_account_hours`, 0 and so off until an admin sets it, e.g. 24):
 * a spam account made a minute ago cannot post links, nor message strangers. Messages and group adds are held
 * to it inside the conversation core's send statement and the group's add rule, which read the same setting.
 */

/** Whether the text names a host ("spam.example", "https://a.spam.example/x"): a link, written out or not. */
export const hasLink = (text: string | null | undefined) => Boolean(text && new RegExp(HOSTS.source, 'u').test(text));

export const newAccountLinks = () =>
  new AppError(403, ErrorCode.NEW_ACCOUNT_LIMIT, 'New accounts cannot post links in their first day: try again without the link.');
