import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { communityMembers, conversationMembers, conversations, messageHides, messages, users } from '../../db/schema/index.ts';
import { rankAfter, rowsOf, TS_CONFIG, type RankCursor } from './search.repository.ts';
import { notHeldFor } from '../../db/persistence/moderated-messages.ts';

/** Where a search for messages looks: everywhere the member reads, or one conversation of theirs. */
export type MessageScope =
  { kind: 'all' } | { kind: 'direct'; peerId: number } | { kind: 'group'; id: number } | { kind: 'channel'; id: number };

export interface MessageSearch {
  me: number;
  /** The words as typed (websearch syntax); empty: the filters alone, newest first. */
  text: string;
  scope: MessageScope;
  senderId?: number;
  has?: 'file' | 'image';
  /** created_at < sentBefore, created_at >= sentFrom */
  sentBefore?: Date;
  sentFrom?: Date;
  cursor?: RankCursor;
  limit: number;
}

export interface MessageHit {
  id: number;
  rank: number;
  text: string;
  createdAt: Date;
  mediaType: string | null;
  fileName: string | null;
  sender: { id: number; username: string | null; fullName: string | null; profilePicture: string | null; deletedAt: Date | null };
  /** direct: the other person; group or channel: the conversation. */
  place:
    | { kind: 'direct'; peer: { id: number; username: string | null; fullName: string | null; deletedAt: Date | null } }
    | { kind: 'group' | 'channel'; id: number; name: string; communityId: number | null };
}

/**
 * Messages a member may read now, found by their words. The permission filter is part of the statement, the same
 * rules as each kind's history:
 * - direct: rows between the member and someone else, minus those they deleted for themselves (message_hides);
 *   a block does not hide a pair's history, so it does not hide it here either;
 * - group: only while a current member, and only after their `history_from` and their Clear chat;
 * - channel: only while a current member of its community (not left, removed, requested, invited or banned), after
 *   their Clear chat in that channel;
 * and never a deleted (for everyone, or removed by a moderator) or expired message, nor a line the group wrote.
 */
export class SearchMessagesRepository {
  constructor(private readonly db: Db) {}

  async search(s: MessageSearch): Promise<MessageHit[]> {
    const query = sql`websearch_to_tsquery(${TS_CONFIG}, ${s.text})`;
    const words = s.text.trim() !== '';
    const rank = words ? sql`ts_rank_cd(m.search, ${query}, 1)` : sql`0::real`;
    const common: SQL[] = [
      sql`m.deleted_at is null`,
      sql`m.system is null`,
      sql`(m.expires_at is null or m.expires_at > now())`,
      // Held for review: found by its sender alone.
      notHeldFor({ id: sql`m.id`, senderId: sql`m.sender_id` }, s.me),
    ];
    if (words) common.push(sql`m.search @@ ${query}`);
    if (s.senderId !== undefined) common.push(sql`m.sender_id = ${s.senderId}`);
    if (s.has === 'file') common.push(sql`m.media_url is not null`);
    if (s.has === 'image') common.push(sql`m.media_url is not null and m.media_type like 'image/%'`);
    if (s.sentBefore) common.push(sql`m.created_at < ${s.sentBefore.toISOString()}::timestamptz`);
    if (s.sentFrom) common.push(sql`m.created_at >= ${s.sentFrom.toISOString()}::timestamptz`);
    const columns = sql`m.id, m.sender_id, m.receiver_id, m.conversation_id, m.text, m.media_type, m.file_name, m.created_at, ${rank} as rank`;
    const branches: SQL[] = [];
    if (s.scope.kind !== 'direct') branches.push(this.inConversations(s.me, s.scope, columns, common));
    if (s.scope.kind === 'all' || s.scope.kind === 'direct') branches.push(this.inDirectChats(s.me, s.scope, columns, common));
    const statement = sql`
      select f.id, f.rank, f.text, f.media_type, f.file_name, f.created_at, f.receiver_id, f.conversation_id,
             u.id as sender_id, u.username as sender_username, u.full_name as sender_name,
             u.profile_picture as sender_picture, u.deleted_at as sender_deleted_at,
             c.kind, c.name as conversation_name, c.community_id,
             peer.id as peer_id, peer.username as peer_username, peer.full_name as peer_name, peer.deleted_at as peer_deleted_at
      from (
        select * from (${sql.join(branches, sql` union all `)}) found
        where ${s.cursor ? rankAfter(sql`found.rank`, sql`found.id`, s.cursor) : sql`true`}
        order by found.rank desc, found.id desc
        limit ${s.limit}
      ) f
      join ${users} u on u.id = f.sender_id
      left join ${conversations} c on c.id = f.conversation_id
      left join ${users} peer on f.receiver_id is not null
        and peer.id = case when f.sender_id = ${s.me} then f.receiver_id else f.sender_id end
      order by f.rank desc, f.id desc`;
    // Without parallel workers: PostgreSQL plans them for the per-conversation scans, and starting them cost more than
    // they saved (bench/search.bench.ts on PostgreSQL 15: a rare word's search took 37 ms with them, 20 ms without).
    const result = await this.db.transaction(async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      return tx.execute(statement);
    });
    return rowsOf<HitRow>(result).map(toHit);
  }

  /** Groups the member is in now and channels of communities they are a member of now, from where their history starts. */
  private inConversations(me: number, scope: MessageScope, columns: SQL, common: SQL[]) {
    const only = (kind: 'group' | 'channel') => (scope.kind === kind ? sql` and c.id = ${scope.id}` : sql``);
    const skip = (kind: 'group' | 'channel') => (scope.kind !== 'all' && scope.kind !== kind ? sql` and false` : sql``);
    return sql`
      select ${columns}
      from (
        select cm.conversation_id as id, greatest(cm.history_from, cm.cleared_before) as after_id
          from ${conversationMembers} cm
          join ${conversations} c on c.id = cm.conversation_id and c.kind = 'group'
         where cm.user_id = ${me} and cm.state = 'member'${only('group')}${skip('group')}
        union all
        select c.id, coalesce(cm.cleared_before, 0)
          from ${communityMembers} k
          join ${conversations} c on c.community_id = k.community_id and c.kind = 'channel'
          left join ${conversationMembers} cm on cm.conversation_id = c.id and cm.user_id = ${me}
         where k.user_id = ${me} and k.state = 'member'${only('channel')}${skip('channel')}
      ) readable
      join ${messages} m on m.conversation_id = readable.id and m.id > readable.after_id
      where ${sql.join(common, sql` and `)}`;
  }

  /** The member's direct chats (or the one with `peerId`), without what they deleted for themselves. */
  private inDirectChats(me: number, scope: MessageScope, columns: SQL, common: SQL[]) {
    const pair =
      scope.kind === 'direct'
        ? sql`((m.sender_id = ${me} and m.receiver_id = ${scope.peerId}) or (m.sender_id = ${scope.peerId} and m.receiver_id = ${me}))`
        : sql`m.receiver_id is not null and (m.sender_id = ${me} or m.receiver_id = ${me})`;
    return sql`
      select ${columns}
      from ${messages} m
      where ${pair}
        and not exists (select 1 from ${messageHides} h where h.message_id = m.id and h.user_id = ${me})
        and ${sql.join(common, sql` and `)}`;
  }
}

interface HitRow {
  id: number;
  rank: number;
  text: string;
  media_type: string | null;
  file_name: string | null;
  created_at: Date;
  receiver_id: number | null;
  conversation_id: number | null;
  sender_id: number;
  sender_username: string | null;
  sender_name: string | null;
  sender_picture: string | null;
  sender_deleted_at: Date | null;
  kind: 'group' | 'channel' | null;
  conversation_name: string | null;
  community_id: number | null;
  peer_id: number | null;
  peer_username: string | null;
  peer_name: string | null;
  peer_deleted_at: Date | null;
}

function toHit(r: HitRow): MessageHit {
  const place: MessageHit['place'] =
    r.receiver_id !== null
      ? { kind: 'direct', peer: { id: r.peer_id!, username: r.peer_username, fullName: r.peer_name, deletedAt: r.peer_deleted_at } }
      : { kind: r.kind!, id: r.conversation_id!, name: r.conversation_name!, communityId: r.community_id };
  return {
    id: r.id,
    rank: Number(r.rank),
    text: r.text,
    createdAt: new Date(r.created_at),
    mediaType: r.media_type,
    fileName: r.file_name,
    sender: {
      id: r.sender_id,
      username: r.sender_username,
      fullName: r.sender_name,
      profilePicture: r.sender_picture,
      deletedAt: r.sender_deleted_at,
    },
    place,
  };
}
