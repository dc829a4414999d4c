import type { User } from '@tribeverse/shared';
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
}

/** The members' records: no routes of its own; account, profile, feed and home use its service. */
export function createUsersModule({ ctx }: ModuleHost, deps: { interests: InterestsService }): FeatureModule<UsersApi> {
  const users = new UsersService(new UsersRepository(ctx.db));
  const presentMe = async (user: Member) => presentUser(user, await deps.interests.findUserSelection(user.id));
  return { name: 'users', api: { users, presentMe } };
}
