import type { AuthApi } from '../auth/auth.module.ts';
import type { UsersApi } from '../users/users.module.ts';
import type { ConfirmAccountService } from './codes-confirm-account.service.ts';
import type { PasswordResetService } from './codes-password-reset.service.ts';

/** What the codes module's route files use; built by codes.module.ts (importing it from there made a circle). */
export interface CodesParts {
  accounts: AuthApi['accounts'];
  confirmation: ConfirmAccountService;
  passwordReset: PasswordResetService;
  presentMe: UsersApi['presentMe'];
}
