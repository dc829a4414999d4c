import { hash } from '@node-rs/argon2';
import type { AuthApi } from '../auth/auth.module.ts';
import type { UsersService } from '../users/users.service.ts';

const noPasswordToChangeMsg = 'You sign in with Google or Apple: there is no password to change.';

/** Changing the password while signed in: the current one first; every other session ends, this one stays. */
export class PasswordChangeService {
  constructor(
    private readonly users: UsersService,
    private readonly auth: AuthApi['accounts'],
    private readonly passwords: AuthApi['passwords'],
  ) {}

  async change(userId: number, currentSessionId: number, currentPassword: string, newPassword: string) {
    const user = await this.passwords.check(userId, currentPassword, { noPassword: noPasswordToChangeMsg });
    await this.users.update(user.id, { passwordHash: await hash(newPassword) });
    // Sign-ins still waiting for their second step were earned with the old password: they end with the sessions.
    await this.auth.passwordChanged(user, currentSessionId);
  }
}
