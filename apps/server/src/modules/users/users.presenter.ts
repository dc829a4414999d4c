import type { User } from '@tribeverse/shared';
import type { InterestSelection } from '../interests/interests.service.ts';
import type { Member } from './users.types.ts';

/** The member as the client stores it. Built field by field: hashes and secrets can never slip through. */
export function presentUser(row: Member, interests: InterestSelection[] = []): User {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    username: row.username,
    gender: row.gender,
    country: row.country,
    address: row.address,
    phone_number: row.phoneNumber,
    bio: row.bio,
    profile_picture: row.profilePicture,
    dob: row.dob,
    education: row.education,
    workspace: row.workspace,
    portfolio: row.portfolio,
    relationship: row.relationship,
    is_confirmed: row.isConfirmed,
    profile_completed: row.profileCompletedAt !== null,
    pending_email: row.pendingEmail,
    has_password: row.passwordHash !== null,
    interests,
    created_at: row.createdAt.toISOString(),
  };
}
