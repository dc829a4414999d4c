import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { CallEnding, CallLine, CallMedia } from '@tribeverse/shared';
import type { Db } from '../../db/client.ts';
import { publicMemberColumns } from '../../db/persistence/members.ts';
import { callParties, calls, messages, users } from '../../db/schema/index.ts';

export type CallRow = typeof calls.$inferSelect;
export type CallPersonRow = { id: number; username: string | null; fullName: string | null; profilePicture: string | null };

/** Calls and who is in one: the only code of the module that touches the database. */
export class CallsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records a ringing call and puts both people in it, or, when either is in a call already, nothing: the answer is
   * then the call that holds the busy member (a member has at most one call_parties row, so two processes ringing
   * the same member at once cannot both succeed).
   */
  async start(call: { id: string; callerId: number; calleeId: number; media: CallMedia; callerSocket: string }) {
    return this.db
      .transaction(async (tx) => {
        const [row] = await tx.insert(calls).values(call).returning();
        const joined = await tx
          .insert(callParties)
          .values([
            { userId: call.callerId, callId: call.id },
            { userId: call.calleeId, callId: call.id },
          ])
          .onConflictDoNothing()
          .returning({ userId: callParties.userId });
        if (joined.length === 2) return { started: row! };
        const busy = await tx
          .select({ userId: callParties.userId, call: calls })
          .from(callParties)
          .innerJoin(calls, eq(calls.id, callParties.callId))
          .where(and(inArray(callParties.userId, [call.callerId, call.calleeId]), sql`${callParties.callId} <> ${call.id}`));
        // Undoes the call's row and whichever party joined.
        throw new BusyRollback(busy);
      })
      .catch((error: unknown) => {
        if (error instanceof BusyRollback) return { busy: error.busy };
        throw error;
      });
  }

  async find(id: string): Promise<CallRow | null> {
    const [row] = await this.db.select().from(calls).where(eq(calls.id, id));
    return row ?? null;
  }

  /** The call a member is in now, if any. */
  async findCurrent(userId: number): Promise<CallRow | null> {
    const [row] = await this.db
      .select({ call: calls })
      .from(callParties)
      .innerJoin(calls, eq(calls.id, callParties.callId))
      .where(eq(callParties.userId, userId));
    return row?.call ?? null;
  }

  /** Ringing → active, answered on this socket; null when it was no longer ringing (ended, or answered elsewhere). */
  async accept(id: string, calleeSocket: string): Promise<CallRow | null> {
    const [row] = await this.db
      .update(calls)
      .set({ state: 'active', calleeSocket, answeredAt: sql`now()` })
      .where(and(eq(calls.id, id), eq(calls.state, 'ringing')))
      .returning();
    return row ?? null;
  }

  /**
   * A party's new socket takes the place of its old one in an active call; null when the call is no longer active or
   * not theirs.
   */
  async resume(id: string, userId: number, socketId: string): Promise<CallRow | null> {
    const [row] = await this.db
      .update(calls)
      .set({
        callerSocket: sql`case when ${calls.callerId} = ${userId} then ${socketId} else ${calls.callerSocket} end`,
        calleeSocket: sql`case when ${calls.calleeId} = ${userId} then ${socketId} else ${calls.calleeSocket} end`,
      })
      .where(and(eq(calls.id, id), eq(calls.state, 'active'), or(eq(calls.callerId, userId), eq(calls.calleeId, userId))))
      .returning();
    return row ?? null;
  }

  /**
   * Ends a call that is still ringing or active (`from`: only from these states) and frees both people; null when it
   * had ended already, so each ending happens once whoever asks first. `lost`: only while that socket is still one
   * of the call's (not taken over by a resume), and ended when it closed.
   */
  async end(
    id: string,
    state: CallEnding,
    from: Array<'ringing' | 'active'> = ['ringing', 'active'],
    lost?: { socketId: string; at: Date },
  ): Promise<CallRow | null> {
    const stillLost = lost && or(eq(calls.callerSocket, lost.socketId), eq(calls.calleeSocket, lost.socketId));
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(calls)
        .set({ state, endedAt: lost ? lost.at : sql`now()` })
        .where(and(eq(calls.id, id), inArray(calls.state, from), stillLost))
        .returning();
      if (row) await tx.delete(callParties).where(eq(callParties.callId, id));
      return row ?? null;
    });
  }

  /** A call refused because someone was busy: kept for the record, nobody in it. */
  async recordBusy(call: { id: string; callerId: number; calleeId: number; media: CallMedia; callerSocket: string }) {
    await this.db.insert(calls).values({ ...call, state: 'busy', endedAt: sql`now()` });
  }

  async findPeople(ids: number[]): Promise<CallPersonRow[]> {
    return this.db.select(publicMemberColumns).from(users).where(inArray(users.id, ids));
  }

  /**
   * The call's line in the direct chat, sent by the caller. A call the callee took part in (answered or declined) is
   * read already; a missed one waits unread, as a message would.
   */
  async insertLine(callerId: number, calleeId: number, line: CallLine): Promise<number> {
    const [row] = await this.db
      .insert(messages)
      .values({
        senderId: callerId,
        receiverId: calleeId,
        text: '',
        // The line's own words are the client's; the core's presenter hands `call` to the direct message.
        system: { event: 'call', actor_id: callerId, call: line } as { event: string; actor_id: number },
        readAt: line.outcome === 'completed' || line.outcome === 'declined' ? sql`now()` : null,
      })
      .returning({ id: messages.id });
    return row!.id;
  }
}

class BusyRollback extends Error {
  constructor(readonly busy: Array<{ userId: number; call: CallRow }>) {
    super('busy');
  }
}
