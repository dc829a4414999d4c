import type { AuthApi } from '../auth/auth.module.ts';
import type { UsersApi } from '../users/users.module.ts';
import type { EmailChangeService } from './security-email-change.service.ts';
import type { PasswordChangeService } from './security-password.service.ts';
import type { TotpService } from './security-totp.service.ts';
import type { TwoStepService } from './security-two-step.service.ts';

/** What the security module's route files use; built by security.module.ts (importing it from there made a circle). */
export interface SecurityParts {
  accounts: AuthApi['accounts'];
  twoStep: TwoStepService;
  totp: TotpService;
  passwordChange: PasswordChangeService;
  emailChange: EmailChangeService;
  presentMe: UsersApi['presentMe'];
}
