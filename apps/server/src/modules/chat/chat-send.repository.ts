import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepareStatement, tableRowReader } from '../../db/persistence/prepared.ts';
import { insertedMessage, storeIdempotentBatch } from '../../db/persistence/idempotent-batch.ts';
import { follows, messages, userBlocks, userSettings, users } from '../../db/schema/index.ts';
import { p, timerInterval, type MessageRow } from './chat.repository.ts';

/** A message to store, its sender and receiver already known to the service. */
export interface SendDraft {
  senderId: number;
  receiverId: number;
  clientId: string | null;
  text: string;
  mediaUrl: string | null;
  mediaType: string | null;
  fileName: string | null;
  replyToId: number | null;
  /** Forwarding: whose message this is a copy of (null for a message of one's own). */
  forwardedFromUserId?: number | null;
}

/** Why a draft was not stored: see the statement below. */
export type SendRefusal = 'missing' | 'blocked' | 'restricted' | 'reply-missing';

/** What became of one draft: stored now (with the message it replies to), stored before under the same client id, or refused. */
export type SendOutcome =
  { verdict: 'created'; row: MessageRow; replyTo: MessageRow | null } | { verdict: 'stored'; messageId: number } | { verdict: SendRefusal };

const readMessage = tableRowReader(messages);
type Row = Record<string, unknown>;

/**
 * One statement for a whole batch of drafts (from many senders at once), so concurrent sends share one round trip
 * and one commit. For each draft, in order: the receiver exists (and did not delete their account); the client id
 * was not stored already (a retry); no block either way; the receiver's 'who may message me' lets the sender
 * write; the message replied to is one of this pair's. Drafts that pass get their ids drawn in the drafts' order and
 * are inserted, with the expiry of the sender's auto-delete timer counted from the statement's now() like created_at.
 * The answer is one row per draft, in order: its verdict and, when stored now, what the database set (id, time,
 * expiry, the message replied to), so nothing is read back from the insert.
 *
 * The plan is made once and reused for every batch, whatever the tables held when it was made, so every lookup is a
 * per-draft subquery on a unique key (always an index probe) rather than a join the planner could turn into a scan
 * of a table it once saw empty. The two lookups most sends do not need (the receiver follows the sender: only when
 * they take messages from people they follow alone; the message replied to) sit in the verdict's CASE, which runs them
 * only when it gets there. The insert has no ON CONFLICT: the client-id check above finds a retry, and a retry racing
 * its original (same batch, or another process) fails the unique index instead; see storeBatch.
 */
const storeBatchSql = sql`
  with request as (
    -- The drafts come as one JSON array (serialized natively, parsed by the database in one go). It passes through a
    -- subquery the planner keeps apart (offset 0), so it never plans for one batch's length: the plan made once fits
    -- every batch and is reused, instead of planned again for each one.
    select r.* from (select ${p('drafts')}::json as drafts offset 0) as given,
    json_to_recordset(given.drafts)
      as r(ord int, sender_id int, receiver_id int, client_id uuid, text text, media_url text, media_type text, file_name text, reply_to_id int,
        forwarded_from_user_id int)
  ),
  looked_up as materialized (
    -- Materialized: each lookup runs once per draft, not once per mention below. Scalar subqueries, not exists(): the
    -- planner may run an exists() as one scan of the whole table hashed, which it judges cheaper while the table is
    -- small, and keeps in the reused plan once it is not.
    select r.*,
      (select receiver.id from ${users} receiver where receiver.id = r.receiver_id and receiver.deleted_at is null) as found_receiver,
      (select stored.id from ${messages} stored where stored.sender_id = r.sender_id and stored.client_id = r.client_id) as stored_id,
      (select s.auto_delete from ${userSettings} s where s.user_id = r.sender_id) as auto_delete,
      (select true from ${userBlocks} b
        where (b.blocker_id = r.sender_id and b.blocked_id = r.receiver_id) or (b.blocker_id = r.receiver_id and b.blocked_id = r.sender_id)
        limit 1) as blocked,
      (select s.message_permission from ${userSettings} s where s.user_id = r.receiver_id) as receiver_permission
    from request r
  ),
  accepted as (
    -- Ids drawn in the order of the drafts (the ordered subquery feeds the projection in order): one sender's
    -- messages keep the order they were sent in. Referenced twice below, so it runs once: the expiry stored is the
    -- one answered.
    select c.*, case when c.verdict = 'ok' then nextval('messages_id_seq'::regclass)::int end as new_id,
      case when c.verdict = 'ok' then now() + ${timerInterval(sql`c.auto_delete`)} end as expires_at
    from (
      select l.*,
        case
          when l.found_receiver is null then 'missing'
          when l.stored_id is not null then 'stored'
          when l.blocked then 'blocked'
          -- The receiver's 'who may message me' (everyone, or people they follow).
          when coalesce(l.receiver_permission, 'everyone') <> 'everyone'
            and (select true from ${follows} f where f.follower_id = l.receiver_id and f.followee_id = l.sender_id) is null then 'restricted'
          when l.reply_to_id is not null
            and (select true from ${messages} replied where replied.id = l.reply_to_id
              and ((replied.sender_id = l.sender_id and replied.receiver_id = l.receiver_id)
                or (replied.sender_id = l.receiver_id and replied.receiver_id = l.sender_id))) is null then 'reply-missing'
          else 'ok'
        end as verdict
      from looked_up l
      order by l.ord
    ) as c
  ),
  inserted as (
    insert into messages (id, sender_id, receiver_id, client_id, text, media_url, media_type, file_name, reply_to_id,
      forwarded_from_user_id, created_at, expires_at)
    select a.new_id, a.sender_id, a.receiver_id, a.client_id, a.text, a.media_url, a.media_type, a.file_name, a.reply_to_id,
      a.forwarded_from_user_id, now(), a.expires_at
    from accepted a
    where a.new_id is not null
    order by a.new_id
  )
  -- Only what the drafts do not say already: the rest of a stored message is its draft and the columns' defaults.
  select a.verdict, coalesce(a.new_id, a.stored_id) as id,
    case when a.new_id is not null then now() end as created_at,
    a.expires_at,
    case when a.new_id is not null and a.reply_to_id is not null
      then (select to_json(reply) from ${messages} reply where reply.id = a.reply_to_id) end as reply_to
  from accepted a
  order by a.ord`;

/** The send path's writes: a batch of drafts checked and stored by one prepared statement. */
export class ChatSendRepository {
  private readonly storeBatchStatement: ReturnType<typeof prepareStatement>;

  constructor(db: Db) {
    this.storeBatchStatement = prepareStatement(db, 'chat_send_batch', storeBatchSql);
  }

  /**
   * One outcome per draft, in order. A client id twice in one batch (a retry sent before its original was answered)
   * goes to the database once; the copy gets the first one's outcome. A retry racing its original in another batch or
   * process fails the whole statement on the unique index once the original commits, and nothing of the batch was
   * stored: the batch is run again, and the client-id check now finds the original.
   */
  async storeBatch(drafts: SendDraft[]): Promise<SendOutcome[]> {
    return storeIdempotentBatch(
      drafts,
      (unique) => this.storeBatchStatement({ drafts: JSON.stringify(unique.map(draftJson)) }),
      outcomeOf,
      (messageId): SendOutcome => ({ verdict: 'stored', messageId }),
    );
  }
}

const draftJson = (d: SendDraft, i: number) => ({
  ord: i + 1,
  sender_id: d.senderId,
  receiver_id: d.receiverId,
  client_id: d.clientId,
  text: d.text,
  media_url: d.mediaUrl,
  media_type: d.mediaType,
  file_name: d.fileName,
  reply_to_id: d.replyToId,
  forwarded_from_user_id: d.forwardedFromUserId ?? null,
});

function outcomeOf(draft: SendDraft, row: Row): SendOutcome {
  const verdict = row.verdict as SendRefusal | 'ok' | 'stored';
  if (verdict === 'stored') return { verdict, messageId: Number(row.id) };
  if (verdict !== 'ok') return { verdict };
  const reply = row.reply_to as Record<string, unknown> | null;
  return {
    verdict: 'created',
    row: insertedMessage(draft, row, { receiverId: draft.receiverId, conversationId: null }),
    replyTo: reply ? (readMessage(reply) as MessageRow) : null,
  };
}
