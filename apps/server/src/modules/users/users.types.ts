/**
 * A member as the other modules see them: the account's fields, built from the table's row in the repository, so no
 * module outside users depends on how the table is laid out (or on its bookkeeping columns).
 */
export interface Member {
  id: number;
  email: string;
  /** Null for accounts that only ever signed in with Google or Apple. */
  passwordHash: string | null;
  fullName: string | null;
  username: string | null;
  gender: string | null;
  country: string | null;
  address: string | null;
  phoneNumber: string | null;
  bio: string | null;
  profilePicture: string | null;
  dob: string | null;
  education: string | null;
  workspace: string | null;
  portfolio: string | null;
  relationship: string | null;
  isConfirmed: boolean;
  /** A new address asked for in edit profile; it replaces `email` only once the code mailed to it is entered. */
  pendingEmail: string | null;
  twoStepEnabled: boolean;
  profileCompletedAt: Date | null;
  createdAt: Date;
}

/**
 * A member as others see them beside what they wrote or where they belong: a name and a face, and whether the account
 * is gone (shown as 'Deleted member'). The repositories that join the users table build it; the modules show it.
 */
export type MemberCard = Pick<Member, 'id' | 'fullName' | 'username' | 'profilePicture'> & {
  /** A deleted account: kept only as the author of what others received. */
  deletedAt: Date | null;
};

/** What a new account starts with: an address, and whatever sign-up already knows. */
export type NewMember = Pick<Member, 'email'> & MemberChanges;

/** The fields a module may change; the id and the creation time are the table's to keep. */
export type MemberChanges = Partial<Omit<Member, 'id' | 'createdAt'>>;

/** What the writer check reads (auth.guard.ts): may this member post, comment and chat yet. */
export type WriterStatus = Pick<Member, 'isConfirmed' | 'profileCompletedAt'>;
