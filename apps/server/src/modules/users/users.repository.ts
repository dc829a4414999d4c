import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Member, MemberChanges, NewMember, WriterStatus } from './users.types.ts';

type UserRow = typeof users.$inferSelect;

/** Row to domain member, field by field: a column added to the table reaches other modules only when listed here. */
const toMember = (row: UserRow): Member => ({
  id: row.id,
  email: row.email,
  passwordHash: row.passwordHash,
  fullName: row.fullName,
  username: row.username,
  gender: row.gender,
  country: row.country,
  address: row.address,
  phoneNumber: row.phoneNumber,
  bio: row.bio,
  profilePicture: row.profilePicture,
  dob: row.dob,
  education: row.education,
  workspace: row.workspace,
  portfolio: row.portfolio,
  relationship: row.relationship,
  isConfirmed: row.isConfirmed,
  pendingEmail: row.pendingEmail,
  twoStepEnabled: row.twoStepEnabled,
  profileCompletedAt: row.profileCompletedAt,
  createdAt: row.createdAt,
});

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

  async findById(id: number): Promise<Member | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ? toMember(row) : null;
  }

  async findByEmail(email: string): Promise<Member | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return row ? toMember(row) : null;
  }

  async isUsernameTaken(username: string, exceptUserId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return !!row && row.id !== exceptUserId;
  }

  async create(values: NewMember): Promise<Member> {
    const [row] = await this.db.insert(users).values(values).returning();
    return toMember(row!);
  }

  async update(id: number, values: MemberChanges): Promise<Member> {
    const [row] = await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return toMember(row!);
  }
}
