import type { NewUser, UserRow, UsersRepository, WriterStatus } from './users.repository.ts';

export type { NewUser, UserRow, WriterStatus };

/**
 * The members' records as other features may use them. Account, profile, feed and home read and write members
 * through this port; only the users module touches the table.
 */
export class UsersService {
  constructor(private readonly repository: UsersRepository) {}

  findById(id: number): Promise<UserRow | null> {
    return this.repository.findById(id);
  }

  findWriterStatus(id: number): Promise<WriterStatus | null> {
    return this.repository.findWriterStatus(id);
  }

  findByEmail(email: string): Promise<UserRow | null> {
    return this.repository.findByEmail(email);
  }

  isUsernameTaken(username: string, exceptUserId?: number): Promise<boolean> {
    return this.repository.isUsernameTaken(username, exceptUserId);
  }

  create(values: NewUser): Promise<UserRow> {
    return this.repository.create(values);
  }

  update(id: number, values: Partial<NewUser>): Promise<UserRow> {
    return this.repository.update(id, values);
  }
}
