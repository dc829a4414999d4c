import { integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { id, createdAt, belongsTo } from './columns.ts';
import { userRef } from './users.ts';

export const interestCategories = pgTable('interest_categories', {
  id: id(),
  name: text('name').notNull().unique(),
  position: integer('position').notNull(),
});

export const interestTags = pgTable(
  'interest_tags',
  {
    id: id(),
    categoryId: belongsTo('category_id', () => interestCategories.id),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [unique('interest_tags_category_name').on(t.categoryId, t.name)],
);

export const userInterests = pgTable(
  'user_interests',
  {
    userId: userRef(),
    tagId: belongsTo('tag_id', () => interestTags.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] })],
);
