import type { UsersApi } from '../users/users.module.ts';
import type { AuthService } from './auth.service.ts';
import type { ConfirmAccountService } from './auth-confirm-account.service.ts';
import type { EmailChangeService } from './auth-email-change.service.ts';
import type { OidcService } from './auth-oidc.service.ts';
import type { PasswordChangeService } from './auth-password-change.service.ts';
import type { PasswordResetService } from './auth-password-reset.service.ts';
import type { SessionsService } from './auth-sessions.service.ts';
import type { TotpService } from './auth-totp.service.ts';
import type { TwoStepService } from './auth-two-step.service.ts';

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
