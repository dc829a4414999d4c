import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newsletterSubscriptions } from '../../db/schema/index.ts';

export class NewsletterRepository {
  constructor(private readonly db: Db) {}

  async isSubscribed(email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: newsletterSubscriptions.id })
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = lower(${email})`)
      .limit(1);
    return !!row;
  }

  async subscribe(email: string) {
    await this.db.insert(newsletterSubscriptions).values({ email });
  }
}
