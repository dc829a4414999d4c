import type { UsersApi } from '../users/users.module.ts';
import type { AuthService } from './auth.service.ts';
import type { ConfirmAccountService } from './confirm-account.service.ts';
import type { EmailChangeService } from './email-change.service.ts';
import type { OidcService } from './oidc.service.ts';
import type { PasswordChangeService } from './password-change.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import type { SessionsService } from './sessions.service.ts';
import type { TotpService } from './totp.service.ts';
import type { TwoStepService } from './two-step.service.ts';

/**
 * What the auth module's own route files use. Apart from auth.module.ts, which builds it and registers the routes:
 * the route files importing it from there made a circle.
 */
export interface AuthParts {
  auth: AuthService;
  confirmation: ConfirmAccountService;
  passwordReset: PasswordResetService;
  twoStep: TwoStepService;
  oidc: OidcService;
  emailChange: EmailChangeService;
  presentMe: UsersApi['presentMe'];
  totp: TotpService;
  sessionsService: SessionsService;
  passwordChange: PasswordChangeService;
}
