import type { User } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/** The member behind a token; the social landing calls it with the token from the URL before storing it. */
export const getMe = (token?: string) => api<User>('/auth/me', token === undefined ? {} : { token });
