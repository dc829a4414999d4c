import type { UsersService } from '../users/users.service.ts';
import { AuthService } from './auth.service.ts';
import type { PasswordGuard } from './auth-password-guard.ts';

const noPasswordToChangeMsg = 'You sign in with Google or Apple: there is no password to change.';

/** Changing the password while signed in: the current one first; every other session ends, this one stays. */
export class PasswordChangeService {
  constructor(
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly passwords: PasswordGuard,
    private readonly endPendingSignIns: (userId: number) => Promise<void>,
  ) {}

  async change(userId: number, currentSessionId: number, currentPassword: string, newPassword: string) {
    const user = await this.passwords.check(userId, currentPassword, { noPassword: noPasswordToChangeMsg });
    await this.users.update(user.id, { passwordHash: await AuthService.hashPassword(newPassword) });
    // Sign-ins still waiting for their second step were earned with the old password.
    await this.endPendingSignIns(user.id);
    await this.auth.revokeAll(user.id, currentSessionId);
    await this.auth.clearFailedLogins(user.email);
  }
}
