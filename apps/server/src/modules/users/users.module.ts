import type { HeldProfile, InstanceRole, User } from '@tribeverse/shared';
import type { InterestsService } from '../interests/interests.service.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import { presentUser } from './users.presenter.ts';
import { UsersRepository } from './users.repository.ts';
import { UsersService } from './users.service.ts';
import type { Member } from './users.types.ts';

export interface UsersApi {
  users: UsersService;
  /** The signed-in member as the client stores it (sign-in, `me`, profile edits). */
  presentMe(user: Member): Promise<User>;
  /** The admin module says who runs the instance, so `me` tells the member their part. Called while the modules are built. */
  useInstanceRoles(roleOf: (user: Member) => Promise<InstanceRole | null>): void;
  /** The profile module says which new name and bio wait for review, so `me` shows the member theirs. */
  useHeldProfiles(heldOf: (userId: number) => Promise<HeldProfile | null>): void;
}

/** The members' records: no routes of its own; account, profile, feed and home use its service. */
export function createUsersModule({ ctx }: ModuleHost, deps: { interests: InterestsService }): FeatureModule<UsersApi> {
  const users = new UsersService(new UsersRepository(ctx.db));
  let roleOf = async (_user: Member): Promise<InstanceRole | null> => null;
  let heldOf = async (_userId: number): Promise<HeldProfile | null> => null;
  const presentMe = async (user: Member) => {
    const [interests, instanceRole, held] = await Promise.all([deps.interests.findUserSelection(user.id), roleOf(user), heldOf(user.id)]);
    return { ...presentUser(user, interests), instance_role: instanceRole, held_profile: held };
  };
  const useInstanceRoles = (reader: typeof roleOf) => {
    roleOf = reader;
  };
  const useHeldProfiles = (reader: typeof heldOf) => {
    heldOf = reader;
  };
  return { name: 'users', api: { users, presentMe, useInstanceRoles, useHeldProfiles } };
}
