import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { ErrorCode, type completeProfileBodySchema, type editProfileBodySchema, isPhoneValidForCountry } from '@tribeverse/shared';
import type { z } from 'zod';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import type { SecurityApi } from '../security/security.module.ts';
import { toProfilePicture } from './profile-picture.ts';
import { isUniqueViolation } from '../../db/persistence/unique-violation.ts';
import { type Member, type MemberChanges, type UsersService } from '../users/users.service.ts';
import type { HeldProfilesRepository } from './profile-held.repository.ts';

type CompleteProfile = z.output<typeof completeProfileBodySchema>;
type EditProfile = z.output<typeof editProfileBodySchema>;

const usernameTaken = () => conflict('This user name is already taken.', ErrorCode.USERNAME_TAKEN, 'username');
/** As the instance's filters refuse: for what cannot wait for review (a user name, a name given at sign-up). */
const notAllowed = () => new AppError(422, ErrorCode.CONTENT_FILTERED, 'This contains a word or a link this instance does not allow.');

/**
 * The instance's filters on a name and bio (the admin module supplies them): throws to refuse, answers 'hold' when a
 * 'hold' entry matches. Until then everything passes.
 */
export type ProfileTextCheck = (...texts: Array<string | null | undefined>) => 'hold' | null | void;

/** What an edit does to the name and bio waiting for review: kept as they are, replaced by new ones, or gone. */
type HeldOutcome = { kind: 'keep' } | { kind: 'hold'; fullName: string | null; bio: string | null } | { kind: 'clear' | 'none' };

/** Dial code + number in E.164 ('+447911123456'), or null if it is not a valid number for that country. */
export function toE164(phone: string, country?: string | null): string | null {
  // Same rule as the shared schema; numbers shared by several regions (+44 for GB, GG, JE) count for each.
  if (country && !isPhoneValidForCountry(phone, country)) return null;
  const parsed = parsePhoneNumberFromString(phone, (country ?? undefined) as CountryCode | undefined);
  return parsed?.isValid() ? parsed.number : null;
}

export class ProfileService {
  private textCheck: ProfileTextCheck = () => null;

  /** The admin module is built after this one: it hands its filters over then. */
  useTextCheck(check: ProfileTextCheck) {
    this.textCheck = check;
  }

  constructor(
    private readonly users: UsersService,
    private readonly media: MediaStorage,
    private readonly emailChange: SecurityApi['emailChange'],
    private readonly held: HeldProfilesRepository,
  ) {}

  async requireUser(userId: number): Promise<Member> {
    const user = await this.users.findById(userId);
    if (!user) throw badRequest('This account no longer exists.');
    return user;
  }

  /** The set-up screen after sign-up: fills the profile once and marks it complete. */
  async completeProfile(userId: number, input: CompleteProfile, picture?: Buffer): Promise<Member> {
    const user = await this.requireUser(userId);
    if (await this.users.isUsernameTaken(input.username, userId)) throw usernameTaken();
    const phone = input.phone_number ? this.requirePhone(input.phone_number, input.country, 'phone_number') : null;
    // There is no earlier name to show others while a new one waits, so at set-up a held word refuses.
    if (this.textCheck(input.full_name, input.username, input.bio) === 'hold') throw notAllowed();
    const saved = await this.save(user, picture, {
      fullName: input.full_name,
      username: input.username,
      gender: input.gender,
      country: input.country,
      address: input.address ?? null,
      phoneNumber: phone,
      bio: input.bio ?? null,
      profileCompletedAt: user.profileCompletedAt ?? new Date(),
    });
    // Sent again after set-up, the form sets the name and bio outright: nothing waiting may later replace them.
    await this.held.take(userId, 'held');
    return saved;
  }

  /**
   * The edit screen. A field sent empty is cleared; a field not sent at all is kept. A new email address is only
   * asked for here (password or fresh sign-in first): it becomes the account's once its mailed code is entered. A new
   * name or bio a 'hold' filter catches waits for review (heldOutcome); the rest of the edit is saved at once.
   */
  async editProfile(
    userId: number,
    input: EditProfile,
    sent: Record<string, unknown>,
    picture: Buffer | undefined,
    signedInAt: Date,
  ): Promise<Member> {
    const user = await this.requireUser(userId);
    if (await this.users.isUsernameTaken(input.username, userId)) throw usernameTaken();
    const emailChanged = input.email !== user.email.toLowerCase() && input.email !== user.pendingEmail;
    if (emailChanged) await this.emailChange.authorize(user, input.currentPassword, signedInAt);
    const country = input.country ?? user.country;
    const values: MemberChanges = { fullName: input.fullName, username: input.username };
    if (input.gender) values.gender = input.gender;
    if (input.country) values.country = input.country;
    const optional = {
      address: 'address',
      dob: 'dob',
      education: 'education',
      workspace: 'workspace',
      relationship: 'relationship',
      bio: 'bio',
      portfolio: 'portfolio',
    } as const;
    for (const [key, column] of Object.entries(optional)) {
      if (key in sent) values[column] = input[key as keyof typeof optional] ?? null;
    }
    if ('phoneNumber' in sent) values.phoneNumber = input.phoneNumber ? this.requirePhone(input.phoneNumber, country, 'phoneNumber') : null;
    if (this.textCheck(values.username) === 'hold') throw notAllowed();
    const outcome = await this.heldOutcome(user, values);
    const updated = await this.save(user, picture, values);
    if (outcome.kind === 'hold') await this.held.hold(user.id, { fullName: outcome.fullName, bio: outcome.bio });
    else if (outcome.kind === 'clear') await this.held.discard(user.id);
    return emailChanged ? this.emailChange.start(updated, input.email) : updated;
  }

  /**
   * Decides between the name and bio everyone sees and those waiting for review, and leaves in `values` only what is
   * to be written to the profile now. The edit screen shows the waiting ones, so sending them again keeps them (and
   * their place in the queue); a bio not sent is the one waiting, if any. A change a 'hold' filter catches waits,
   * replacing what waited or was turned down before; a clean one is saved and drops what waited (turned-down ones
   * stay for an appeal unless the name or bio changed).
   */
  private async heldOutcome(user: Member, values: MemberChanges): Promise<HeldOutcome> {
    const pending = await this.held.find(user.id);
    const waiting = pending?.state === 'held' ? pending : null;
    const fullName = values.fullName ?? null;
    const bio = 'bio' in values ? (values.bio ?? null) : waiting ? waiting.bio : user.bio;
    delete values.fullName;
    delete values.bio;
    if (waiting && waiting.fullName === fullName && waiting.bio === bio) return { kind: 'keep' };
    const changed = [fullName === user.fullName ? null : fullName, bio === user.bio ? null : bio];
    if (this.textCheck(...changed) === 'hold') return { kind: 'hold', fullName, bio };
    Object.assign(values, { fullName, bio });
    return waiting || fullName !== user.fullName || bio !== user.bio ? { kind: 'clear' } : { kind: 'none' };
  }

  private requirePhone(phone: string, country: string | null, field: string): string {
    const e164 = toE164(phone, country);
    if (!e164) throw badRequest('Phone number is not valid for the chosen country', ErrorCode.VALIDATION_FAILED, field);
    return e164;
  }

  /** Writes the row, with the new picture if one came; the old picture file goes once the row no longer points to it. */
  private async save(user: Member, picture: Buffer | undefined, values: MemberChanges): Promise<Member> {
    const pictureUrl = picture ? await this.media.save(await toProfilePicture(picture), 'webp') : undefined;
    if (pictureUrl) values.profilePicture = pictureUrl;
    let updated: Member;
    try {
      updated = await this.users.update(user.id, values);
    } catch (error) {
      await this.media.remove(pictureUrl);
      if (isUniqueViolation(error, 'users_username_lower_idx')) throw usernameTaken();
      throw error;
    }
    if (pictureUrl && user.profilePicture) await this.media.remove(user.profilePicture);
    return updated;
  }
}
