import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** What the writer check reads (auth.guard.ts): may this member post, comment and chat yet. */
export type WriterStatus = Pick<UserRow, 'isConfirmed' | 'profileCompletedAt'>;

export class UsersRepository {
  /**
   * Every write request asks it (and every socket before its first message): prepared once, so the query is not
   * built again per request, and only the two columns it needs rather than the whole record.
   */
  private readonly writerStatusStatement;

  constructor(private readonly db: Db) {
    this.writerStatusStatement = db
      .select({ isConfirmed: users.isConfirmed, profileCompletedAt: users.profileCompletedAt })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('users_writer_status');
  }

  async findWriterStatus(id: number): Promise<WriterStatus | null> {
    const [row] = await this.writerStatusStatement.execute({ id });
    return row ?? null;
  }

  async findById(id: number): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  async findByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return row ?? null;
  }

  async isUsernameTaken(username: string, exceptUserId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return !!row && row.id !== exceptUserId;
  }

  async create(values: NewUser): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  async update(id: number, values: Partial<NewUser>): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row!;
  }
}
