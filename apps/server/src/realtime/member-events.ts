import { ErrorCode, SOCKET_LIMITS, type ClientToServerEvents, type SocketRateLimited } from '@tribeverse/shared';
import { MemberBudget, type BudgetVerdict } from '../lib/member-budget.ts';
import type { ChatNamespace } from './socket-types.ts';

/** The budget an event is charged to (SOCKET_LIMITS.eventsPerMinute). */
export type EventClass = keyof typeof SOCKET_LIMITS.eventsPerMinute;
export type MemberSocket = Parameters<Parameters<ChatNamespace['on']>[1]>[0];
/** The event's ack, or a no-op when the client sent none. */
export type Reply = (response: object | number) => void;
export type MemberEventHandler = (socket: MemberSocket, payload: unknown, reply: Reply) => unknown;

interface Registration {
  cost: EventClass;
  shared?: MemberBudget;
  handler: MemberEventHandler;
}

const WINDOW_MS = 60_000;
const noReply: Reply = () => {};

/**
 * The one way a client's socket event reaches a handler. Every event a socket receives, known or not, is charged to
 * its member's budget for the event's class before anything else is done for it (no parsing of the payload, no query):
 * a member flooding events gets at most a budget's worth of work done, whatever the event and however many tabs.
 *
 * The class budgets are counted in this process, synchronously: checking one costs two map reads, where asking Redis
 * would cost a round trip (and a turn of the event loop) per event, and a flood of thousands would become thousands of
 * Redis calls. What they protect is this process (its event loop, its memory, its share of the database pool); a
 * member holds at most SOCKET_LIMITS.socketsPerMember sockets here. The counts forget a member two windows after
 * their last event, never on disconnect (closing and reopening a socket must not hand out a fresh budget), so memory
 * stays bounded by the members active in the last two minutes.
 *
 * An event may also draw from a budget shared with HTTP and the other processes (chat sends: the member's 120 a
 * minute wherever they send from). A refusal from it is remembered here until the time it named, so a member
 * hammering at a spent shared budget is refused without asking Redis each time; that memory goes with the member's
 * last socket.
 */
export class MemberEvents {
  private readonly registered = new Map<string, Registration>();
  private readonly classes: Record<EventClass, MemberBudget>;
  /** Per shared budget: the members it refused, and until when. */
  private readonly refusedUntil = new Map<MemberBudget, Map<number, number>>();

  constructor(
    /** RATE_LIMIT_FACTOR: scales every class (benchmarks raise it, tests lower it), as it does the HTTP limits. */
    factor = 1,
    private readonly onError: (error: unknown, event: string) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {
    const budget = (cost: EventClass) =>
      new MemberBudget(`socket-${cost}`, Math.ceil(SOCKET_LIMITS.eventsPerMinute[cost] * factor), WINDOW_MS);
    this.classes = { send: budget('send'), read: budget('read'), typing: budget('typing'), cheap: budget('cheap') };
  }

  /**
   * Registers the handler of a client event, charged to `cost`; `shared`: a budget the event draws from as well, the
   * same one HTTP charges for the same write. The handler gets the payload unparsed (it validates it) and a reply that
   * is the ack, or does nothing when the client asked for none.
   */
  on(event: keyof ClientToServerEvents, options: { cost: EventClass; shared?: MemberBudget }, handler: MemberEventHandler) {
    if (this.registered.has(event)) throw new Error(`socket event ${event} is registered twice`);
    this.registered.set(event, { ...options, handler });
    if (options.shared && !this.refusedUntil.has(options.shared)) this.refusedUntil.set(options.shared, new Map());
  }

  /** The one listener of every socket (socket.onAny): charge the event, then hand it over, or refuse it. */
  dispatch(socket: MemberSocket, event: string, args: unknown[]) {
    const reply = typeof args[args.length - 1] === 'function' ? (args.pop() as Reply) : noReply;
    const registration = this.registered.get(event);
    const me = socket.data.userId;
    const now = this.now();
    const cost = registration?.cost ?? 'cheap';
    const refused = registration?.shared && this.refusedUntil.get(registration.shared);
    const until = refused ? refused.get(me) : undefined;
    if (refused && until !== undefined) {
      if (until > now) return this.refuse(reply, cost, Math.ceil((until - now) / 1000));
      refused.delete(me);
    }
    const verdict = this.classes[cost].takeHere(me, now)!;
    if (!verdict.allowed) return this.refuse(reply, cost, verdict.retryIn);
    if (!registration) return;
    const { shared, handler } = registration;
    const payload = args[0];
    if (!shared) return this.run(handler, socket, payload, reply, event);
    const here = shared.takeHere(me, now);
    if (here) return here.allowed ? this.run(handler, socket, payload, reply, event) : this.refuse(reply, cost, here.retryIn);
    // Redis down: the write is let through, as HTTP does, rather than the member locked out of sending.
    void shared
      .take(me, now)
      .catch((): BudgetVerdict => ({ allowed: true, retryIn: 0 }))
      .then((answer) => {
        if (answer.allowed) return this.run(handler, socket, payload, reply, event);
        this.refusedUntil.get(shared)?.set(me, now + answer.retryIn * 1000);
        this.refuse(reply, cost, answer.retryIn);
      });
  }

  /** The member's last socket on this process closed. */
  forget(userId: number) {
    for (const refused of this.refusedUntil.values()) refused.delete(userId);
  }

  private run(handler: MemberEventHandler, socket: MemberSocket, payload: unknown, reply: Reply, event: string) {
    try {
      const result = handler(socket, payload, reply);
      if (result instanceof Promise) result.catch((error: unknown) => this.onError(error, event));
    } catch (error) {
      this.onError(error, event);
    }
  }

  private refuse(reply: Reply, cost: EventClass, retryIn: number) {
    const what = cost === 'send' ? 'Too many messages' : 'Too many requests';
    const refusal: SocketRateLimited = {
      ok: false,
      code: ErrorCode.RATE_LIMITED,
      msg: `${what}. Try again in ${retryIn} seconds.`,
      retry_in: retryIn,
    };
    reply(refusal);
  }
}
