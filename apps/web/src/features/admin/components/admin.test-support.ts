import type { AdminUser, InstanceReport, User } from '@tribeverse/shared';
import { storeSession } from '../../../lib/storage';

export const ann: AdminUser = { id: 1, username: 'ann', full_name: 'Ann Admin', profile_picture: null };
export const bob: AdminUser = { id: 2, username: 'bob', full_name: 'Bob Spammer', profile_picture: null };
export const cy: AdminUser = { id: 3, username: 'cy', full_name: 'Cy Reporter', profile_picture: null };

/** Signs in Ann with the given part in running the instance. */
export const signInAs = (role: User['instance_role']) =>
  storeSession('token', { id: 1, email: 'ann@example.com', username: 'ann', full_name: 'Ann Admin', instance_role: role } as User);

/** An open report by Cy about Bob's post, with nothing earlier about Bob; each test overrides what it is about. */
export const aReport = (over: Partial<InstanceReport> = {}): InstanceReport => ({
  id: 7,
  status: 'open',
  target: { kind: 'post', id: 41 },
  reason: 'spam',
  note: 'Same link in every post',
  reporter: cy,
  reported_user: bob,
  content: { kind: 'post', text: 'Buy cheap watches at example.test', images: [], created_at: '2026-11-28T10:00:00Z' },
  earlier_reports: [],
  action: null,
  resolution_note: null,
  resolved_by: null,
  resolved_at: null,
  created_at: '2026-11-28T11:00:00Z',
  ...over,
});
