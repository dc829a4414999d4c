import type { UsersApi } from '../users/users.module.ts';
import type { AuthService } from './auth.service.ts';
import type { SessionsService } from './auth-sessions.service.ts';

/**
 * What the auth module's own route files use. Apart from auth.module.ts, which builds it and registers the routes:
 * the route files importing it from there made a circle.
 */
export interface AuthParts {
  auth: AuthService;
  sessionsService: SessionsService;
  presentMe: UsersApi['presentMe'];
}
