import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { linkPreviews } from '../../db/schema/index.ts';

export type LinkPreviewRow = typeof linkPreviews.$inferSelect;

/** The per-URL cache of previews. */
export class LinkPreviewRepository {
  constructor(private readonly db: Db) {}

  async find(url: string): Promise<LinkPreviewRow | null> {
    const [row] = await this.db.select().from(linkPreviews).where(eq(linkPreviews.url, url));
    return row ?? null;
  }

  /** Stores a fresh preview of the URL; the picture of the one it replaces (if any, and another) is returned to remove. */
  async save(row: Omit<LinkPreviewRow, 'fetchedAt'>): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select({ image: linkPreviews.image }).from(linkPreviews).where(eq(linkPreviews.url, row.url)).for('update');
      const { title, description, image, siteName } = row;
      await tx
        .insert(linkPreviews)
        .values(row)
        .onConflictDoUpdate({ target: linkPreviews.url, set: { title, description, image, siteName, fetchedAt: new Date() } });
      return before?.image && before.image !== row.image ? before.image : null;
    });
  }
}
