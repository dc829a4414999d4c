import type { User } from '@tribeverse/shared';

/** A member with a finished profile, as /api/auth/me answers for her. */
export const ada = {
  id: 7,
  email: 'ada@example.test',
  full_name: 'Ada Calm',
  username: 'ada',
  gender: 'female',
  country: 'NG',
  address: null,
  phone_number: null,
  bio: 'Plain numbers.',
  profile_picture: null,
  dob: null,
  education: null,
  workspace: null,
  portfolio: null,
  relationship: null,
  is_confirmed: true,
  profile_completed: true,
  pending_email: null,
  has_password: true,
  interests: [],
  created_at: '2026-01-01T00:00:00.000Z',
  instance_role: null,
  held_profile: null,
} satisfies User;
