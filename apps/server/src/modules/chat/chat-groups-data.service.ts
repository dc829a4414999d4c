import { presentSentMessage } from '../../lib/exported-messages.ts';
import type { ChatGroupsDataRepository } from './chat-groups-data.repository.ts';
import type { ChatGroupsService } from './chat-groups.service.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Group chats' part of 'Download my data' and of deleting an account. */
export class ChatGroupsDataService {
  constructor(
    private readonly repo: ChatGroupsDataRepository,
    private readonly groups: Pick<ChatGroupsService, 'removeMember' | 'groupIdsOf'>,
  ) {}

  async exportFor(userId: number) {
    const { memberships, sent } = await this.repo.exportOf(userId);
    return {
      memberships: memberships.map(({ member, name }) => ({
        group_id: member.conversationId,
        group_name: name,
        role: member.role,
        state: member.state,
        joined_at: iso(member.joinedAt),
        // When they left or were removed (the row's state last changed); null while they are in it.
        left_at: member.state === 'member' ? null : iso(member.stateAt),
      })),
      messages: sent.map((row) => ({ group_id: row.message.conversationId, ...presentSentMessage('group', row) })),
    };
  }

  /**
   * A deleted account leaves every group it is in, as if its member had left: the others see them go, the last admin
   * hands admin on, and a group nobody is left in is deleted with its files. Their messages stay for the others, from
   * 'Deleted member', without attachments (the messages' are account-data's, as for every message).
   */
  async eraseFor(userId: number) {
    for (const groupId of await this.groups.groupIdsOf(userId)) await this.groups.removeMember(userId, groupId, userId);
  }
}
