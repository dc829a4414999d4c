/** ADMIN_EMAILS of the journeys' server (support/stack.ts): the one address that is the instance's admin. */
export const ADMIN_EMAIL = 'admin@tribeverse-e2e.example';
