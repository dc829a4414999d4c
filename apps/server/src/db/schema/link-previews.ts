import { text, pgTable } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * What a link showed when last fetched, one row per URL for every member: a link sent in many messages is fetched
 * once a day at most. `image` is our own copy of the page's picture (/media/…), removed with the row it belongs to.
 */
export const linkPreviews = pgTable('link_previews', {
  url: text('url').primaryKey(),
  title: text('title'),
  description: text('description'),
  image: text('image'),
  siteName: text('site_name'),
  fetchedAt: at('fetched_at').notNull().defaultNow(),
});
