import { DELETED_MEMBER_NAME, type Call, type ChatUser } from '@tribeverse/shared';
import type { CallPersonRow, CallRow } from './calls.repository.ts';

const person = (people: Map<number, CallPersonRow>, id: number): ChatUser => {
  const row = people.get(id);
  return row
    ? { id, name: row.fullName, username: row.username, avatar: row.profilePicture }
    : { id, name: DELETED_MEMBER_NAME, username: null, avatar: null };
};

export function presentCall(row: CallRow, people: Map<number, CallPersonRow>): Call {
  return {
    id: row.id,
    media: row.media,
    caller: person(people, row.callerId),
    callee: person(people, row.calleeId),
    state: row.state,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
  };
}
