import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blockedEitherWay } from '../../db/persistence/members.ts';
import { prepareStatement, tableRowReader } from '../../db/persistence/prepared.ts';
import { messages } from '../../db/schema/index.ts';
import { inPair, messagingAllowed, p, timerInterval, type MessageRow } from './chat.repository.ts';

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

/**
 * One statement for a whole batch of drafts (from many senders at once), so concurrent sends share one round trip
 * and one commit. For each draft, in order: the receiver exists (and did not delete their account); the client id
 * was not stored already (a retry); no block either way; the receiver's 'who may message me' lets the sender
 * write; the message replied to is one of this pair's. Drafts that pass are inserted, with their ids drawn first
 * so each inserted row finds its draft again, and the expiry of the sender's auto-delete timer counted from the
 * statement's now() like created_at. Every draft gets its verdict back, with the new row and the replied message.
 */
const storeBatchSql = (db: Db) => sql`
  with request as (
    -- The arrays pass through a subquery the planner keeps apart (offset 0), so it never plans for the length of one
    -- batch's arrays: the plan made once fits every batch and is reused, instead of planned again for each one.
    select r.* from (
      select ${p('senders')}::int[] as senders, ${p('receivers')}::int[] as receivers, ${p('clientIds')}::uuid[] as client_ids,
        ${p('texts')}::text[] as texts, ${p('mediaUrls')}::text[] as media_urls, ${p('mediaTypes')}::text[] as media_types,
        ${p('fileNames')}::text[] as file_names, ${p('replyToIds')}::int[] as reply_to_ids
      offset 0
    ) as given,
    unnest(senders, receivers, client_ids, texts, media_urls, media_types, file_names, reply_to_ids)
      with ordinality as r(sender_id, receiver_id, client_id, text, media_url, media_type, file_name, reply_to_id, ord)
  ),
  checked as (
    select r.*, stored.id as stored_id, sender_settings.auto_delete,
      case
        when receiver.id is null then 'missing'
        when stored.id is not null then 'stored'
        when ${blockedEitherWay(db, sql`r.sender_id`, sql`r.receiver_id`)} then 'blocked'
        when not ${messagingAllowed(sql`r.sender_id`, sql`r.receiver_id`)} then 'restricted'
        when r.reply_to_id is not null and not exists (
          select 1 from ${messages} where ${messages.id} = r.reply_to_id and ${inPair(sql`r.sender_id`, sql`r.receiver_id`)}
        ) then 'reply-missing'
        else 'ok'
      end as verdict
    from request r
    left join users receiver on receiver.id = r.receiver_id and receiver.deleted_at is null
    left join messages stored on stored.sender_id = r.sender_id and stored.client_id = r.client_id
    left join user_settings sender_settings on sender_settings.user_id = r.sender_id
  ),
  accepted as (
    -- Ids in the order of the drafts: one sender's messages keep the order they were sent in.
    select ord, nextval(pg_get_serial_sequence('messages', 'id'))::int as id
    from (select ord from checked where verdict = 'ok' order by ord) as passed
  ),
  inserted as (
    insert into messages (id, sender_id, receiver_id, client_id, text, media_url, media_type, file_name, reply_to_id, expires_at)
    select a.id, c.sender_id, c.receiver_id, c.client_id, c.text, c.media_url, c.media_type, c.file_name, c.reply_to_id,
      now() + ${timerInterval(sql`c.auto_delete`)}
    from accepted a join checked c using (ord)
    order by a.id
    on conflict (sender_id, client_id) do nothing
    returning *
  )
  select c.verdict, c.stored_id, inserted.*, to_json(reply) as reply_to
  from checked c
  left join accepted a using (ord)
  left join inserted on inserted.id = a.id
  left join messages reply on reply.id = inserted.reply_to_id
  order by c.ord`;

/** The send path's writes: a batch of drafts checked and stored by one prepared statement. */
export class ChatSendRepository {
  private readonly storeBatchStatement: ReturnType<typeof prepareStatement>;
  private readonly findIdByClientId;

  constructor(db: Db) {
    this.storeBatchStatement = prepareStatement(db, 'chat_send_batch', storeBatchSql(db));
    this.findIdByClientId = db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.senderId, p('senderId')), eq(messages.clientId, p('clientId'))))
      .limit(1)
      .prepare('chat_find_id_by_client_id');
  }

  async storeBatch(drafts: SendDraft[]): Promise<SendOutcome[]> {
    const rows = await this.storeBatchStatement({
      senders: drafts.map((d) => d.senderId),
      receivers: drafts.map((d) => d.receiverId),
      clientIds: drafts.map((d) => d.clientId),
      texts: drafts.map((d) => d.text),
      mediaUrls: drafts.map((d) => d.mediaUrl),
      mediaTypes: drafts.map((d) => d.mediaType),
      fileNames: drafts.map((d) => d.fileName),
      replyToIds: drafts.map((d) => d.replyToId),
    });
    return Promise.all(
      rows.map(async (row, i): Promise<SendOutcome> => {
        const verdict = row.verdict as SendRefusal | 'ok' | 'stored';
        if (verdict === 'stored') return { verdict, messageId: Number(row.stored_id) };
        if (verdict !== 'ok') return { verdict };
        if (row.id !== null && row.id !== undefined) {
          const reply = row.reply_to as Record<string, unknown> | null;
          return { verdict: 'created', row: readMessage(row), replyTo: reply ? readMessage(reply) : null };
        }
        // Passed the checks but not inserted: the same client id was stored meanwhile (a retry racing its original,
        // here or on another process, or twice in this batch). The stored one is the message.
        const [stored] = await this.findIdByClientId.execute({ senderId: drafts[i]!.senderId, clientId: drafts[i]!.clientId });
        if (!stored) throw new Error('a send passed its checks but was neither inserted nor found');
        return { verdict: 'stored', messageId: stored.id };
      }),
    );
  }
}
