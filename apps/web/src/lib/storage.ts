import type { User } from '@tribeverse/shared';

/** The spec's storage keys. The token is looked up in this order; we write the first. */
export const TOKEN_KEYS = ['USER_TOKEN', 'TRIBEVERSE_TOKEN', 'token', 'jwt'] as const;
export const AUTH_DATA_KEY = 'AUTH_DATA';
export const USER_AUTH_KEY = 'USER_AUTH';
/** 'Remember my password' keeps the email only; a password never goes into browser storage. */
export const REMEMBERED_EMAIL_KEY = 'REMEMBERED_EMAIL';
export const REMEMBER_FLAG_KEY = 'REMEMBER_ME';
/** Passcode lock, per member on this device: a salted hash, never the passcode. Logout's clear removes it. */
export const passcodeKey = (memberId: string | number) => `PASSCODE_LOCK_${memberId}`;

export function readToken(): string | null {
  for (const key of TOKEN_KEYS) {
    const value = localStorage.getItem(key);
    if (value) return value;
  }
  return null;
}

export function readStoredUser(): User | null {
  const raw = localStorage.getItem(AUTH_DATA_KEY) ?? localStorage.getItem(USER_AUTH_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: User) {
  localStorage.setItem(TOKEN_KEYS[0], token);
  storeUser(user);
}

export function storeUser(user: User) {
  const json = JSON.stringify(user);
  localStorage.setItem(AUTH_DATA_KEY, json);
  localStorage.setItem(USER_AUTH_KEY, json);
}

export function rememberEmail(email: string | null) {
  if (email) {
    localStorage.setItem(REMEMBERED_EMAIL_KEY, email);
    sessionStorage.setItem(REMEMBER_FLAG_KEY, 'true');
  } else {
    localStorage.removeItem(REMEMBERED_EMAIL_KEY);
    sessionStorage.removeItem(REMEMBER_FLAG_KEY);
  }
}

export const readRememberedEmail = () => localStorage.getItem(REMEMBERED_EMAIL_KEY);

/**
 * The token this tab started with (this module loads with the page). The passcode lock asks on a fresh load of a
 * signed-in tab, not right after the member typed their password into the login form.
 */
const tokenAtPageLoad = readToken();
export const isSessionFromPageLoad = (token: string | null) => !!token && token === tokenAtPageLoad;

/** Sign-out from the sidebar clears everything the app ever stored. */
export function clearAllStorage() {
  localStorage.clear();
  sessionStorage.clear();
}

/*
 * 'Your account was deleted.', for the sign-in page: noted after sign-out has cleared the storage, so it outlives
 * the member pages' own redirect to sign-in, and read once (a reload or a later visit does not repeat it).
 */
const ACCOUNT_DELETED_KEY = 'ACCOUNT_DELETED';
export const noteAccountDeleted = () => sessionStorage.setItem(ACCOUNT_DELETED_KEY, 'true');
export const wasAccountDeleted = () => sessionStorage.getItem(ACCOUNT_DELETED_KEY) === 'true';
export const forgetAccountDeleted = () => sessionStorage.removeItem(ACCOUNT_DELETED_KEY);

/** A session that ended on the server (401): drop the credentials but keep preferences such as a remembered email. */
export function clearSession() {
  for (const key of TOKEN_KEYS) localStorage.removeItem(key);
  localStorage.removeItem(AUTH_DATA_KEY);
  localStorage.removeItem(USER_AUTH_KEY);
}
