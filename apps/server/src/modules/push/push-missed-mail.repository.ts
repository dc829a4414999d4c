import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notHeld } from '../../db/persistence/moderated-messages.ts';
import {
  accountSuspensions,
  chatPresence,
  communityMembers,
  conversationMembers,
  conversations,
  messageHides,
  messages,
  missedMails,
  notifications,
  postComments,
  posts,
  presenceProcesses,
  pushPreferences,
  userMutes,
  users,
} from '../../db/schema/index.ts';

/** A member due the mail: away since `lastSeenAt`, not mailed since. */
export interface MissedMailCandidate {
  userId: number;
  email: string;
  /** When they left, as the database wrote it (to the microsecond: it bounds what the mail lists, and the claim). */
  lastSeenAt: string;
  previews: boolean;
}

/** One thing the member missed, as the mail lists it. */
export interface MissedItem {
  kind: 'message' | 'group_message' | 'mention';
  sender: string;
  /** Where it happened: a group's name, a community's, or null for a direct message or a post. */
  place: string | null;
  text: string;
  url: string;
  at: Date;
}

/** How many things one mail lists; the rest wait in the app. */
export const ITEMS_PER_MAIL = 20;

/**
 * Only what came this recently counts: a member gone for months is not mailed about old messages (as every dormant
 * account would be when the mail is first switched on), only about what arrives now.
 */
const RECENT = sql.raw(`interval '7 days'`);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A mute still in force on a member's row (conversation or community). */
const mutedNow = (alias: string) => sql.raw(`(${alias}.muted and (${alias}.muted_until is null or ${alias}.muted_until > now()))`);

/** The member muted this person: their messages still arrive, but tell nothing (no push, no mail). */
const mutedPerson = (me: SQL, person: SQL) =>
  sql`exists (select 1 from ${userMutes} where ${userMutes.muterId} = ${me} and ${userMutes.mutedId} = ${person})`;

/** Since the member left, and recently. */
const cameAfter = (away: SQL) => sql`greatest(${away}, now() - ${RECENT})`;

/** Still there for the member: not deleted, not past its time, not held for review (no one but its sender sees it). */
const liveMessage = sql`m.deleted_at is null and (m.expires_at is null or m.expires_at > now()) and ${notHeld(sql`m.id`)}`;

/**
 * What the member has unread that came after they left (`away`, and recently), as `from … where …` bodies: direct messages,
 * group messages (muted groups left out) and mentions (muted communities and channels left out); nothing from a
 * person they muted. The sweep asks whether any exist, the mail lists them.
 */
const direct = (me: SQL, away: SQL) => sql`
  from ${messages} m join ${users} s on s.id = m.sender_id
  where m.receiver_id = ${me} and m.read_at is null and ${liveMessage} and m.created_at > ${cameAfter(away)}
    and not exists (select 1 from ${messageHides} h where h.message_id = m.id and h.user_id = ${me})
    and not ${mutedPerson(me, sql`m.sender_id`)}`;

const group = (me: SQL, away: SQL) => sql`
  from ${conversationMembers} cm
  join ${conversations} c on c.id = cm.conversation_id and c.kind = 'group'
  join ${messages} m on m.conversation_id = cm.conversation_id
    and m.id > greatest(cm.last_read_id, cm.history_from, cm.cleared_before)
  join ${users} s on s.id = m.sender_id
  where cm.user_id = ${me} and cm.state = 'member' and not ${mutedNow('cm')}
    and m.sender_id <> ${me} and m.system is null and ${liveMessage} and m.created_at > ${cameAfter(away)}
    and not ${mutedPerson(me, sql`m.sender_id`)}`;

const mentions = (me: SQL, away: SQL, joins = sql``) => sql`
  from ${notifications} n ${joins}
  where n.user_id = ${me} and n.read_at is null and n.kind in ('mention', 'community_mention') and n.created_at > ${cameAfter(away)}
    and not ${mutedPerson(me, sql`(n.payload->>'actor_id')::int`)}
    and not exists (select 1 from ${communityMembers} cmm where cmm.user_id = ${me}
      and cmm.community_id = (n.payload->>'community_id')::int and ${mutedNow('cmm')})
    and not exists (select 1 from ${conversationMembers} chm where chm.user_id = ${me}
      and chm.conversation_id = (n.payload->>'channel_id')::int and ${mutedNow('chm')})`;

const called = (alias: string) => sql.raw(`coalesce(nullif(${alias}.full_name, ''), ${alias}.username, 'Someone')`);
const messageText = sql.raw(`case when m.text <> '' then m.text when m.media_type like 'image%' then 'Sent a photo'
  when m.media_type is not null then 'Sent a file' else '' end`);

/**
 * What a mention says: a comment's or a post's text (a post behind a content warning by its warning, as notifications
 * preview it), or a community message's while it is still there to read; and a channel's name.
 */
const mentionJoins = sql`
  left join ${posts} po on n.kind = 'mention' and po.id = (n.payload->>'post_id')::int
  left join ${postComments} pc on pc.id = (n.payload->>'comment_id')::int
  left join lateral (select m.text from ${messages} m where m.id = (n.payload->>'message_id')::int and ${liveMessage}) cm on true
  left join ${conversations} ch on ch.id = (n.payload->>'channel_id')::int`;

/** The missed-message mail's reads, and its claim: what the sweep reads of the chat, notification and presence tables. */
export class MissedMailRepository {
  constructor(private readonly db: Db) {}

  /**
   * Members away since at least `cutoff`, not mailed since they left, with the mail on, a confirmed address, an
   * account in use, no process counting them as connected, and something unread from their absence. Longest away
   * first.
   */
  async candidates(cutoff: Date, limit: number): Promise<MissedMailCandidate[]> {
    const me = sql`u.id`;
    const since = sql`p.last_seen_at`;
    const rows = rowsOf<{ user_id: number; email: string; last_seen_at: string; previews: boolean }>(
      await this.db.execute(sql`
        select u.id as user_id, u.email, p.last_seen_at::text as last_seen_at, coalesce(pp.previews, true) as previews
        from ${chatPresence} p
        join ${users} u on u.id = p.user_id
        left join ${pushPreferences} pp on pp.user_id = u.id
        left join ${missedMails} mm on mm.user_id = u.id
        where p.last_seen_at <= ${cutoff.toISOString()}::timestamptz
          and (mm.sent_at is null or mm.sent_at < p.last_seen_at)
          and coalesce(pp.missed_mail, true) and u.is_confirmed and u.deleted_at is null
          and not exists (select 1 from ${accountSuspensions} su where su.user_id = u.id and (su.until is null or su.until > now()))
          and not exists (select 1 from ${presenceProcesses} pr where u.id = any(pr.member_ids))
          and (exists (select 1 ${direct(me, since)}) or exists (select 1 ${group(me, since)}) or exists (select 1 ${mentions(me, since)}))
        order by p.last_seen_at
        limit ${limit}`),
    );
    return rows.map((r) => ({ userId: r.user_id, email: r.email, lastSeenAt: r.last_seen_at, previews: r.previews }));
  }

  /** What the member missed since they left at `since` (recent things only), oldest first, at most ITEMS_PER_MAIL. */
  async missed(userId: number, since: string): Promise<MissedItem[]> {
    const me = sql`${userId}::int`;
    const from = sql`${since}::timestamptz`;
    const rows = rowsOf<{ kind: MissedItem['kind']; sender: string; place: string | null; text: string; url: string; at: string | Date }>(
      await this.db.execute(sql`
        (select 'message' as kind, ${called('s')} as sender, null::text as place, ${messageText} as text,
           '/scan-chat/private/' || m.sender_id as url, m.created_at as at ${direct(me, from)})
        union all
        (select 'group_message', ${called('s')}, c.name, ${messageText}, '/scan-chat/private/group/' || c.id, m.created_at ${group(me, from)})
        union all
        (select 'mention', coalesce(nullif(n.payload->>'name', ''), n.payload->>'username', 'Someone'),
           case when n.kind = 'community_mention' then coalesce(ch.name, n.payload->>'community_name') end,
           coalesce(n.payload->>'text', pc.text, case when po.content_warning is not null then 'CW: ' || po.content_warning end,
             po.text, cm.text, ''),
           case when n.kind = 'mention' then '/home#post-' || (n.payload->>'post_id')
             else '/scan-chat/community/' || (n.payload->>'community_id') || coalesce('/' || (n.payload->>'channel_id'), '') end,
           n.created_at
         ${mentions(me, from, mentionJoins)})
        order by at
        limit ${ITEMS_PER_MAIL}`),
    );
    return rows.map((r) => ({ ...r, at: new Date(r.at) }));
  }

  /**
   * Claims this absence's mail: true for exactly one caller, when the member has not been mailed since they left at
   * `lastSeenAt` (a concurrent claim waits on the row and then finds it already moved).
   */
  async claim(userId: number, lastSeenAt: string): Promise<boolean> {
    const rows = rowsOf<{ user_id: number }>(
      await this.db.execute(sql`
        insert into ${missedMails} (user_id, sent_at) values (${userId}, now())
        on conflict (user_id) do update set sent_at = now()
          where ${missedMails}.sent_at < ${lastSeenAt}::timestamptz
        returning user_id`),
    );
    return rows.length > 0;
  }
}
