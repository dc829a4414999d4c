import type { UsersRepository } from './users.repository.ts';
import type { Member, MemberCard, MemberChanges, NewMember, WriterStatus } from './users.types.ts';

export type { Member, MemberCard, MemberChanges, NewMember, WriterStatus };

/**
 * The members' records as other features may use them. Account, profile, feed and home read and write members
 * through this port; only the users module touches the table.
 */
export class UsersService {
  constructor(private readonly repository: UsersRepository) {}

  findById(id: number): Promise<Member | null> {
    return this.repository.findById(id);
  }

  findWriterStatus(id: number): Promise<WriterStatus | null> {
    return this.repository.findWriterStatus(id);
  }

  findByEmail(email: string): Promise<Member | null> {
    return this.repository.findByEmail(email);
  }

  isUsernameTaken(username: string, exceptUserId?: number): Promise<boolean> {
    return this.repository.isUsernameTaken(username, exceptUserId);
  }

  create(values: NewMember): Promise<Member> {
    return this.repository.create(values);
  }

  update(id: number, values: MemberChanges): Promise<Member> {
    return this.repository.update(id, values);
  }
}
