import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { timerInterval } from '../../db/persistence/auto-delete.ts';
import { prepareStatement, tableRowReader } from '../../db/persistence/prepared.ts';
import { insertedMessage, storeIdempotentBatch, type MessageDraft } from '../../db/persistence/idempotent-batch.ts';
import type { SenderRow } from './conversations-messages.repository.ts';

import {
  accountSilences,
  follows,
  instanceSettings,
  communityMembers,
  conversationMembers,
  conversations,
  messages,
  moderatedMessages,
  userBlocks,
  userSettings,
  users,
} from '../../db/schema/index.ts';

/** A stored message of any kind: a direct one has a receiver, a group's or a channel's a conversation. */
export type StoredMessageRow = typeof messages.$inferSelect;
export type ConversationMessageRow = StoredMessageRow & { conversationId: number };
export type DirectMessageRow = StoredMessageRow & { receiverId: number };

/** A message to store; the service has checked nothing yet but its shape. */
export interface ConversationDraft extends MessageDraft {
  /** The kind the caller means to write to: a conversation of another kind is not found. */
  kind: 'direct' | 'group' | 'channel';
  /** A direct message's receiver (null for the other kinds). */
  receiverId: number | null;
  /** A group's or a channel's conversation (null for a direct message). */
  conversationId: number | null;
  forwardedFromUserId: number | null;
  /** A filter holds it for review (its text was checked in memory before it joined the queue): its sender alone sees it. */
  held?: boolean;
}

/**
 * Why a draft was not stored. 'missing': no such conversation, or the sender is not in it (a group member who left
 * or was removed, a member who left or was banned from the community), or the receiver of a direct message does not
 * exist (or deleted their account): told apart from nothing, as an outsider must not learn the conversation exists.
 * 'timed-out': a community time-out runs. 'announcements': only moderators and up post in an announcements channel.
 * 'blocked': a block between the two people of a direct chat, either way. 'restricted': the receiver takes messages
 * from people they follow only. 'silenced': the instance's moderators silenced the sender, who may start a direct
 * chat only with people who follow them. 'new-account': the sender signed up less than the instance's new-account hours
 * ago and neither follows the receiver nor is followed by them. 'reply-missing': the message replied to is not one the
 * sender can see here.
 */
export type ConversationSendRefusal =
  'missing' | 'timed-out' | 'announcements' | 'blocked' | 'restricted' | 'silenced' | 'new-account' | 'reply-missing';

export type ConversationSendOutcome =
  | { verdict: 'created'; row: StoredMessageRow; replyTo: StoredMessageRow | null; named: SenderRow[] }
  | { verdict: 'stored'; messageId: number }
  | { verdict: ConversationSendRefusal };

const readMessage = tableRowReader(messages);
type Row = Record<string, unknown>;
const p = (name: string) => sql.placeholder(name);

/**
 * One statement for a whole batch of drafts of every kind, from many senders at once: one round trip and one commit
 * for every send that waited (see GroupCommit). Per draft, in order:
 * - direct: the receiver exists (and did not delete their account); the client id was not stored already (a retry);
 *   no block either way; the receiver's 'who may message me' lets the sender write; the message replied to is one of
 *   this pair's.
 * - group or channel: the client id was not stored already; the conversation is of the kind the caller named (a
 *   channel's id sent as a group's is not found); the sender is a current member (of the group; of the channel's
 *   community, not timed out, and a moderator or up in an announcements channel); the message replied to is in the
 *   same conversation and within what the sender may read (a group member's history starts when they joined).
 * Ids are drawn in the drafts' order and the drafts that pass are inserted. A direct or group message takes the
 * sender's auto-delete timer, counted from the statement's now() like created_at; a channel's never expires. The
 * answer is one row per draft, in order: its verdict and, when stored now, what the database set (id, time, expiry,
 * the message replied to), so nothing is read back from the insert.
 *
 * The plan is made once and reused for every batch, whatever the tables held when it was made, so every lookup is a
 * per-draft scalar subquery on a unique key (always an index probe) rather than a join the planner could turn into a
 * scan of a table it once saw empty. Each lookup sits behind its draft's kind in a CASE, which runs a subquery only
 * when it gets there: a direct send probes nothing of conversations, and the lookups most direct sends do not need
 * (the receiver follows the sender: only when they take messages from people they follow alone; the message replied
 * to) sit in the verdict's CASE. The insert has no ON CONFLICT: the client-id check finds a retry, and a retry racing
 * its original (same batch, or another process) fails the unique index instead; see storeBatch.
 */
const storeBatchSql = sql`
  with request as (
    -- The drafts come as one JSON array (serialized natively, parsed by the database in one go). It passes through a
    -- subquery the planner keeps apart (offset 0), so it never plans for one batch's length: the plan made once fits
    -- every batch and is reused, instead of planned again for each one.
    select r.* from (select ${p('drafts')}::json as drafts offset 0) as given,
    json_to_recordset(given.drafts)
      as r(ord int, place_kind text, sender_id int, receiver_id int, conversation_id int, client_id uuid, text text,
        media_url text, media_type text, file_name text, reply_to_id int, forwarded_from_user_id int,
        voice_duration_ms int, voice_waveform text, link_preview_off boolean, held boolean)
  ),
  looked_up as materialized (
    -- Materialized: each lookup runs once per draft, not once per mention below. Scalar subqueries, not exists(): the
    -- planner may run an exists() as one scan of the whole table hashed, which it judges cheaper while the table is
    -- small, and keeps in the reused plan once it is not.
    select r.*,
      (select stored.id from ${messages} stored where stored.sender_id = r.sender_id and stored.client_id = r.client_id) as stored_id,
      case when r.place_kind <> 'channel' then
        (select s.auto_delete from ${userSettings} s where s.user_id = r.sender_id) end as auto_delete,
      case when r.place_kind = 'direct' then
        (select receiver.id from ${users} receiver where receiver.id = r.receiver_id and receiver.deleted_at is null) end as found_receiver,
      case when r.place_kind = 'direct' then
        (select true from ${userBlocks} b
          where (b.blocker_id = r.sender_id and b.blocked_id = r.receiver_id) or (b.blocker_id = r.receiver_id and b.blocked_id = r.sender_id)
          limit 1) end as blocked,
      case when r.place_kind = 'direct' then
        (select s.message_permission from ${userSettings} s where s.user_id = r.receiver_id) end as receiver_permission,
      case when r.place_kind = 'direct' then
        (select true from ${accountSilences} s where s.user_id = r.sender_id and (s.until is null or s.until > now())) end as silenced,
      case when r.place_kind = 'direct' then
        (select true from ${users} u join ${instanceSettings} st on st.id = 1
          where u.id = r.sender_id and u.created_at > now() - make_interval(hours => st.new_account_hours)) end as new_account,
      case when r.place_kind <> 'direct' then
        (select c.kind from ${conversations} c where c.id = r.conversation_id and c.kind = r.place_kind) end as kind,
      case when r.place_kind = 'group' then
        (select m.history_from from ${conversationMembers} m
          where m.conversation_id = r.conversation_id and m.user_id = r.sender_id and m.state = 'member') end as history_from,
      case when r.place_kind = 'channel' then
        (select case
            when cm.timeout_until > now() then 'timed-out'
            when c.channel_kind = 'announcements' and cm.role = 'member' then 'announcements'
            else 'ok' end
          from ${conversations} c
          join ${communityMembers} cm on cm.community_id = c.community_id and cm.user_id = r.sender_id and cm.state = 'member'
          where c.id = r.conversation_id) end as channel_verdict
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
          when l.place_kind = 'direct' then
            case
              when l.found_receiver is null then 'missing'
              when l.stored_id is not null then 'stored'
              when l.blocked then 'blocked'
              -- The receiver's 'who may message me' (everyone, or people they follow).
              when coalesce(l.receiver_permission, 'everyone') <> 'everyone'
                and (select true from ${follows} f where f.follower_id = l.receiver_id and f.followee_id = l.sender_id) is null then 'restricted'
              -- A silenced sender (issue 40) answers people who wrote to them, and starts chats only with followers.
              when l.silenced
                and (select true from ${follows} f where f.follower_id = l.receiver_id and f.followee_id = l.sender_id) is null
                and (select true from ${messages} m where m.sender_id = l.receiver_id and m.receiver_id = l.sender_id limit 1) is null
                then 'silenced'
              -- A new account (issue 40), in its first hours, writes only to people it follows or who follow it.
              when l.new_account
                and (select true from ${follows} f where (f.follower_id = l.receiver_id and f.followee_id = l.sender_id)
                  or (f.follower_id = l.sender_id and f.followee_id = l.receiver_id) limit 1) is null
                then 'new-account'
              when l.reply_to_id is not null
                and (select true from ${messages} replied where replied.id = l.reply_to_id
                  and ((replied.sender_id = l.sender_id and replied.receiver_id = l.receiver_id)
                    or (replied.sender_id = l.receiver_id and replied.receiver_id = l.sender_id))) is null then 'reply-missing'
              else 'ok'
            end
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
    insert into messages (id, sender_id, receiver_id, conversation_id, client_id, text, media_url, media_type, file_name,
      reply_to_id, forwarded_from_user_id, created_at, expires_at, voice_duration_ms, voice_waveform, link_preview_off)
    select a.new_id, a.sender_id, a.receiver_id, a.conversation_id, a.client_id, a.text, a.media_url, a.media_type,
      a.file_name, a.reply_to_id, a.forwarded_from_user_id, now(), a.expires_at, a.voice_duration_ms, a.voice_waveform,
      coalesce(a.link_preview_off, false)
    from accepted a
    where a.new_id is not null
    order by a.new_id
  ),
  held as (
    -- A message a filter holds for review is marked in the same statement, so no one else ever reads it unmarked; for
    -- every other draft this writes nothing.
    insert into ${moderatedMessages} (message_id, author_id, state)
    select a.new_id, a.sender_id, 'held' from accepted a where a.held and a.new_id is not null
  )
  -- Only what the drafts do not say already: the rest of a stored message is its draft and the columns' defaults.
  select a.verdict, coalesce(a.new_id, a.stored_id) as id,
    case when a.new_id is not null then now() end as created_at,
    a.expires_at,
    case when a.new_id is not null and a.reply_to_id is not null
      then (select to_json(reply) from ${messages} reply where reply.id = a.reply_to_id) end as reply_to,
    -- A reply quotes no held message (the reply reaches everyone; its sender alone may know the held one's id).
    case when a.new_id is not null and a.reply_to_id is not null
      then exists(select 1 from ${moderatedMessages} mm where mm.message_id = a.reply_to_id and mm.state = 'held') end as reply_held,
    -- The people a new message names as every reader sees them (a group's or a channel's sender; whom it was forwarded
    -- from): answered here, so presenting it reads nothing more.
    case when a.new_id is not null and (a.place_kind <> 'direct' or a.forwarded_from_user_id is not null) then
      (select json_agg(json_build_object('id', u.id, 'fullName', u.full_name, 'username', u.username,
          'profilePicture', u.profile_picture, 'deletedAt', u.deleted_at))
        from ${users} u
        where u.id = case when a.place_kind <> 'direct' then a.sender_id end or u.id = a.forwarded_from_user_id) end as named
  from accepted a
  order by a.ord`;

/** The send path of every kind: a batch of drafts checked and stored by one prepared statement. */
export class ConversationSendRepository {
  private readonly storeBatchStatement: ReturnType<typeof prepareStatement>;

  constructor(db: Db) {
    this.storeBatchStatement = prepareStatement(db, 'conversation_send_batch', storeBatchSql);
  }

  /**
   * One outcome per draft, in order. A client id twice in one batch goes to the database once (the copy gets the
   * first one's outcome); a retry racing its original in another batch fails the statement on the unique index and
   * the batch runs again, when the client-id check finds the original (storeIdempotentBatch).
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

/**
 * A draft as the statement reads it. What is null is left out (json_to_recordset reads a missing key as null): most
 * drafts are text alone, to one person or one conversation, and a shorter array is less to serialize and parse.
 */
const draftJson = (d: ConversationDraft, i: number) => ({
  ord: i + 1,
  place_kind: d.kind,
  sender_id: d.senderId,
  receiver_id: d.receiverId ?? undefined,
  conversation_id: d.conversationId ?? undefined,
  client_id: d.clientId ?? undefined,
  text: d.text,
  media_url: d.mediaUrl ?? undefined,
  media_type: d.mediaType ?? undefined,
  file_name: d.fileName ?? undefined,
  reply_to_id: d.replyToId ?? undefined,
  forwarded_from_user_id: d.forwardedFromUserId ?? undefined,
  voice_duration_ms: d.voiceDurationMs ?? undefined,
  voice_waveform: d.voiceWaveform ?? undefined,
  link_preview_off: d.linkPreviewOff || undefined,
  held: d.held || undefined,
});

function outcomeOf(draft: ConversationDraft, row: Row): ConversationSendOutcome {
  const verdict = row.verdict as ConversationSendRefusal | 'ok' | 'stored';
  if (verdict === 'stored') return { verdict, messageId: Number(row.id) };
  if (verdict !== 'ok') return { verdict };
  const reply = row.reply_to as Record<string, unknown> | null;
  const named = (row.named as Array<Omit<SenderRow, 'deletedAt'> & { deletedAt: string | null }> | null) ?? [];
  return {
    verdict: 'created',
    row: insertedMessage(draft, row, { receiverId: draft.receiverId, conversationId: draft.conversationId }),
    replyTo: reply && row.reply_held !== true ? readMessage(reply) : null,
    named: named.map((p) => ({
      id: p.id,
      fullName: p.fullName,
      username: p.username,
      profilePicture: p.profilePicture,
      deletedAt: p.deletedAt === null ? null : new Date(p.deletedAt),
    })),
  };
}
