import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { timerInterval } from '../../db/persistence/auto-delete.ts';
import { prepareStatement, tableRowReader } from '../../db/persistence/prepared.ts';
import { insertedMessage, storeIdempotentBatch } from '../../db/persistence/idempotent-batch.ts';
import { communityMembers, conversationMembers, conversations, messages, userSettings } from '../../db/schema/index.ts';

export type ConversationMessageRow = typeof messages.$inferSelect & { conversationId: number };

/** A message to store in a group or a channel; the service has checked nothing yet but its shape. */
export interface ConversationDraft {
  /** The kind the caller means to write to: a conversation of another kind is not found. */
  kind: 'group' | 'channel';
  senderId: number;
  conversationId: number;
  clientId: string | null;
  text: string;
  mediaUrl: string | null;
  mediaType: string | null;
  fileName: string | null;
  replyToId: number | null;
  forwardedFromUserId: number | null;
}

/**
 * Why a draft was not stored. 'missing': no such conversation, or the sender is not in it (a group member who left
 * or was removed, a member who left or was banned from the community): told apart from nothing, as an outsider must
 * not learn the conversation exists. 'timed-out': a community time-out runs. 'announcements': only moderators and
 * up post in an announcements channel. 'reply-missing': the message replied to is not one the sender can see here.
 */
export type ConversationSendRefusal = 'missing' | 'timed-out' | 'announcements' | 'reply-missing';

export type ConversationSendOutcome =
  | { verdict: 'created'; row: ConversationMessageRow; replyTo: ConversationMessageRow | null }
  | { verdict: 'stored'; messageId: number }
  | { verdict: ConversationSendRefusal };

const readMessage = tableRowReader(messages);
type Row = Record<string, unknown>;
const p = (name: string) => sql.placeholder(name);

/**
 * One statement for a whole batch of drafts to groups and channels, from many senders at once: one round trip and
 * one commit for every send that waited (see GroupCommit). Per draft, in order: the client id was not stored already
 * (a retry); the conversation is of the kind the caller named (a channel's id sent as a group's is not found); the
 * sender is a current member (of the group; of the channel's community, not timed out, and a moderator or up in an
 * announcements channel); the message replied to is in the same conversation and within what the sender may read (a
 * group member's history starts when they joined). Ids are drawn in the drafts' order. A group message
 * takes the sender's auto-delete timer, as a direct one does; a channel's never expire.
 *
 * As in private chat's statement (chat-send.repository.ts), every lookup is a scalar subquery on a unique key, so the
 * plan made once fits every batch, and the lookups only some drafts need sit in the verdict's CASE.
 */
const storeBatchSql = sql`
  with request as (
    select r.* from (select ${p('drafts')}::json as drafts offset 0) as given,
    json_to_recordset(given.drafts)
      as r(ord int, place_kind text, sender_id int, conversation_id int, client_id uuid, text text, media_url text, media_type text,
        file_name text, reply_to_id int, forwarded_from_user_id int)
  ),
  looked_up as materialized (
    select r.*,
      (select c.kind from ${conversations} c where c.id = r.conversation_id and c.kind = r.place_kind) as kind,
      (select stored.id from ${messages} stored where stored.sender_id = r.sender_id and stored.client_id = r.client_id) as stored_id,
      (select m.history_from from ${conversationMembers} m
        where m.conversation_id = r.conversation_id and m.user_id = r.sender_id and m.state = 'member') as history_from,
      (select case
          when cm.timeout_until > now() then 'timed-out'
          when c.channel_kind = 'announcements' and cm.role = 'member' then 'announcements'
          else 'ok' end
        from ${conversations} c
        join ${communityMembers} cm on cm.community_id = c.community_id and cm.user_id = r.sender_id and cm.state = 'member'
        where c.id = r.conversation_id) as channel_verdict
    from request r
  ),
  accepted as (
    select c.*, case when c.verdict = 'ok' then nextval('messages_id_seq'::regclass)::int end as new_id,
      case when c.verdict = 'ok' and c.kind = 'group'
        then now() + ${timerInterval(sql`(select s.auto_delete from ${userSettings} s where s.user_id = c.sender_id)`)} end as expires_at
    from (
      select l.*,
        case
          when l.stored_id is not null then 'stored'
          when l.kind = 'group' and l.history_from is not null then
            case when l.reply_to_id is not null and (select true from ${messages} replied
                where replied.id = l.reply_to_id and replied.conversation_id = l.conversation_id and replied.id > l.history_from) is null
              then 'reply-missing' else 'ok' end
          when l.kind = 'channel' and l.channel_verdict is not null then
            case when l.channel_verdict <> 'ok' then l.channel_verdict
              when l.reply_to_id is not null and (select true from ${messages} replied
                where replied.id = l.reply_to_id and replied.conversation_id = l.conversation_id) is null
              then 'reply-missing' else 'ok' end
          else 'missing'
        end as verdict
      from looked_up l
      order by l.ord
    ) as c
  ),
  inserted as (
    insert into messages (id, sender_id, conversation_id, client_id, text, media_url, media_type, file_name, reply_to_id,
      forwarded_from_user_id, created_at, expires_at)
    select a.new_id, a.sender_id, a.conversation_id, a.client_id, a.text, a.media_url, a.media_type, a.file_name,
      a.reply_to_id, a.forwarded_from_user_id, now(), a.expires_at
    from accepted a
    where a.new_id is not null
    order by a.new_id
  )
  select a.verdict, coalesce(a.new_id, a.stored_id) as id,
    case when a.new_id is not null then now() end as created_at,
    a.expires_at,
    case when a.new_id is not null and a.reply_to_id is not null
      then (select to_json(reply) from ${messages} reply where reply.id = a.reply_to_id) end as reply_to
  from accepted a
  order by a.ord`;

/** The send path of groups and channels: a batch of drafts checked and stored by one prepared statement. */
export class ConversationSendRepository {
  private readonly storeBatchStatement: ReturnType<typeof prepareStatement>;

  constructor(db: Db) {
    this.storeBatchStatement = prepareStatement(db, 'conversation_send_batch', storeBatchSql);
  }

  /**
   * One outcome per draft, in order. A client id twice in one batch goes to the database once (the copy gets the
   * first one's outcome); a retry racing its original in another batch fails the statement on the unique index and
   * the batch runs again, when the client-id check finds the original (as in private chat).
   */
  async storeBatch(drafts: ConversationDraft[]): Promise<ConversationSendOutcome[]> {
    return storeIdempotentBatch(
      drafts,
      (unique) => this.storeBatchStatement({ drafts: JSON.stringify(unique.map(draftJson)) }),
      outcomeOf,
      (messageId): ConversationSendOutcome => ({ verdict: 'stored', messageId }),
    );
  }
}

const draftJson = (d: ConversationDraft, i: number) => ({
  ord: i + 1,
  place_kind: d.kind,
  sender_id: d.senderId,
  conversation_id: d.conversationId,
  client_id: d.clientId,
  text: d.text,
  media_url: d.mediaUrl,
  media_type: d.mediaType,
  file_name: d.fileName,
  reply_to_id: d.replyToId,
  forwarded_from_user_id: d.forwardedFromUserId,
});

function outcomeOf(draft: ConversationDraft, row: Row): ConversationSendOutcome {
  const verdict = row.verdict as ConversationSendRefusal | 'ok' | 'stored';
  if (verdict === 'stored') return { verdict, messageId: Number(row.id) };
  if (verdict !== 'ok') return { verdict };
  const reply = row.reply_to as Record<string, unknown> | null;
  return {
    verdict: 'created',
    row: insertedMessage(draft, row, { receiverId: null, conversationId: draft.conversationId }),
    replyTo: reply ? (readMessage(reply) as ConversationMessageRow) : null,
  };
}
