import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prepareStatement, tableRowReader } from '../../db/persistence/prepared.ts';
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
}

/** Why a draft was not stored: see the statement below. */
export type SendRefusal = 'missing' | 'blocked' | 'restricted' | 'reply-missing';

/** What became of one draft: stored now (with the message it replies to), stored before under the same client id, or refused. */
export type SendOutcome =
  { verdict: 'created'; row: MessageRow; replyTo: MessageRow | null } | { verdict: 'stored'; messageId: number } | { verdict: SendRefusal };

const readMessage = tableRowReader(messages);
type Row = Record<string, unknown>;
/** The driver hands timestamps over as text (the query builder reads them the same way). */
const timestamp = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

/** A message just inserted: its draft, the columns' defaults, and what the database set (id, time, expiry). */
function storedRow(draft: SendDraft, inserted: Row): MessageRow {
  return {
    id: Number(inserted.new_id),
    senderId: draft.senderId,
    receiverId: draft.receiverId,
    clientId: draft.clientId,
    text: draft.text,
    mediaUrl: draft.mediaUrl,
    mediaType: draft.mediaType,
    fileName: draft.fileName,
    replyToId: draft.replyToId,
    createdAt: timestamp(inserted.created_at)!,
    editedAt: null,
    deletedAt: null,
    readAt: null,
    readPrivately: false,
    expiresAt: timestamp(inserted.expires_at),
  };
}

/**
 * One statement for a whole batch of drafts (from many senders at once), so concurrent sends share one round trip
 * and one commit. For each draft, in order: the receiver exists (and did not delete their account); the client id
 * was not stored already (a retry); no block either way; the receiver's 'who may message me' lets the sender
 * write; the message replied to is one of this pair's. Drafts that pass get their ids drawn in the drafts' order and
 * are inserted, with the expiry of the sender's auto-delete timer counted from the statement's now() like created_at.
 *
 * The plan is made once and reused for every batch, whatever the tables held when it was made, so every lookup is a
 * per-draft subquery on a unique key (always an index probe) rather than a join the planner could turn into a scan
 * of a table it once saw empty; and the answer is the drafts' verdicts followed by the inserted rows (one result,
 * matched by id here) rather than a join of the two, which the planner, blind to their sizes, runs draft by row.
 */
const storeBatchSql = sql`
  with request as (
    -- The drafts come as one JSON array (serialized natively, parsed by the database in one go). It passes through a
    -- subquery the planner keeps apart (offset 0), so it never plans for one batch's length: the plan made once fits
    -- every batch and is reused, instead of planned again for each one.
    select r.* from (select ${p('drafts')}::json as drafts offset 0) as given,
    json_to_recordset(given.drafts)
      as r(ord int, sender_id int, receiver_id int, client_id uuid, text text, media_url text, media_type text, file_name text, reply_to_id int)
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
      (select s.message_permission from ${userSettings} s where s.user_id = r.receiver_id) as receiver_permission,
      (select true from ${follows} f where f.follower_id = r.receiver_id and f.followee_id = r.sender_id) as receiver_follows,
      (select true from ${messages} replied where replied.id = r.reply_to_id
        and ((replied.sender_id = r.sender_id and replied.receiver_id = r.receiver_id)
          or (replied.sender_id = r.receiver_id and replied.receiver_id = r.sender_id))) as reply_in_pair
    from request r
  ),
  checked as (
    select l.*,
      case
        when l.found_receiver is null then 'missing'
        when l.stored_id is not null then 'stored'
        when l.blocked then 'blocked'
        -- The receiver's 'who may message me' (everyone, or people they follow).
        when coalesce(l.receiver_permission, 'everyone') <> 'everyone' and l.receiver_follows is null then 'restricted'
        when l.reply_to_id is not null and l.reply_in_pair is null then 'reply-missing'
        else 'ok'
      end as verdict
    from looked_up l
  ),
  accepted as (
    -- Ids drawn in the order of the drafts (the ordered subquery feeds the projection in order): one sender's
    -- messages keep the order they were sent in.
    select c.*, case when c.verdict = 'ok' then nextval('messages_id_seq'::regclass)::int end as new_id
    from (select * from checked order by ord) as c
  ),
  inserted as (
    insert into messages (id, sender_id, receiver_id, client_id, text, media_url, media_type, file_name, reply_to_id, expires_at)
    select a.new_id, a.sender_id, a.receiver_id, a.client_id, a.text, a.media_url, a.media_type, a.file_name, a.reply_to_id,
      now() + ${timerInterval(sql`a.auto_delete`)}
    from accepted a
    where a.new_id is not null
    order by a.new_id
    on conflict (sender_id, client_id) do nothing
    returning id, created_at, expires_at, reply_to_id
  )
  -- Only what the drafts do not say already: the rest of a stored message is its draft and the columns' defaults.
  select a.ord, a.verdict, a.stored_id, a.new_id, null::timestamptz as created_at, null::timestamptz as expires_at, null::json as reply_to
  from accepted a
  union all
  select null, null, null, i.id, i.created_at, i.expires_at,
    case when i.reply_to_id is not null then (select to_json(reply) from ${messages} reply where reply.id = i.reply_to_id) end
  from inserted i`;

/** The send path's writes: a batch of drafts checked and stored by one prepared statement. */
export class ChatSendRepository {
  private readonly storeBatchStatement: ReturnType<typeof prepareStatement>;
  private readonly findIdByClientId;

  constructor(db: Db) {
    this.storeBatchStatement = prepareStatement(db, 'chat_send_batch', storeBatchSql);
    this.findIdByClientId = db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.senderId, p('senderId')), eq(messages.clientId, p('clientId'))))
      .limit(1)
      .prepare('chat_find_id_by_client_id');
  }

  async storeBatch(drafts: SendDraft[]): Promise<SendOutcome[]> {
    const rows = await this.storeBatchStatement({
      drafts: JSON.stringify(
        drafts.map((d, i) => ({
          ord: i + 1,
          sender_id: d.senderId,
          receiver_id: d.receiverId,
          client_id: d.clientId,
          text: d.text,
          media_url: d.mediaUrl,
          media_type: d.mediaType,
          file_name: d.fileName,
          reply_to_id: d.replyToId,
        })),
      ),
    });
    // The drafts' verdicts come first, then the inserted rows (see the statement).
    const verdicts = rows.slice(0, drafts.length).sort((a, b) => Number(a.ord) - Number(b.ord));
    const insertedById = new Map<number, Row>();
    for (let i = drafts.length; i < rows.length; i++) insertedById.set(Number(rows[i]!.new_id), rows[i]!);
    const outcomes = verdicts.map((row, i): SendOutcome | 'not-inserted' => {
      const verdict = row.verdict as SendRefusal | 'ok' | 'stored';
      if (verdict === 'stored') return { verdict, messageId: Number(row.stored_id) };
      if (verdict !== 'ok') return { verdict };
      const inserted = insertedById.get(Number(row.new_id));
      if (!inserted) return 'not-inserted';
      const reply = inserted.reply_to as Record<string, unknown> | null;
      return { verdict: 'created', row: storedRow(drafts[i]!, inserted), replyTo: reply ? readMessage(reply) : null };
    });
    // Passed the checks but not inserted: the same client id was stored meanwhile (a retry racing its original, here
    // or on another process, or twice in this batch). The stored one is the message. Rare: one query each.
    const raced = outcomes.flatMap((outcome, i) => (outcome === 'not-inserted' ? [i] : []));
    await Promise.all(
      raced.map(async (i) => {
        const [stored] = await this.findIdByClientId.execute({ senderId: drafts[i]!.senderId, clientId: drafts[i]!.clientId });
        if (!stored) throw new Error('a send passed its checks but was neither inserted nor found');
        outcomes[i] = { verdict: 'stored', messageId: stored.id };
      }),
    );
    return outcomes as SendOutcome[];
  }
}
