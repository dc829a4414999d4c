/** The admin area's queries: each tab's, so an action refreshes what it changed and nothing else. */
export const adminKeys = {
  all: ['admin'] as const,
  reports: (status: 'open' | 'resolved') => ['admin', 'reports', status] as const,
  appeals: (status: 'open' | 'decided') => ['admin', 'appeals', status] as const,
  restricted: (kind: 'suspended' | 'silenced') => ['admin', 'restricted', kind] as const,
  moderators: ['admin', 'moderators'] as const,
  audit: ['admin', 'audit'] as const,
  settings: ['admin', 'settings'] as const,
  registrations: ['admin', 'registrations'] as const,
  people: (q: string) => ['admin', 'people', q] as const,
  filters: ['admin', 'filters'] as const,
  held: ['admin', 'held'] as const,
  stats: (days: number) => ['admin', 'stats', days] as const,
};
