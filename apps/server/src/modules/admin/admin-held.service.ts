import type { HeldKind, HeldQueue, NotificationContent, ReportedContent } from '@tribeverse/shared';
import { notFound } from '../../lib/errors.ts';
import type { Staff } from './admin.policy.ts';
import { presentMember } from './admin.presenter.ts';
import type { AdminRepository } from './admin.repository.ts';
import type { AdminService } from './admin.service.ts';

/** One kind of content a 'hold' filter entry keeps back, as its owning module keeps it. */
export interface HeldSource {
  /** Held items, oldest first. `context` says where it is, e.g. 'Comment on a post by @ann', 'In the group Hikers'. */
  list(): Promise<Array<{ id: number; authorId: number; text: string; context: string | null; createdAt: Date }>>;
  /** Everyone may see it now, delivered as new (live events, notifications as for a new one). null: not held. */
  release(id: number): Promise<{ authorId: number } | null>;
  /** Taken down (nobody sees it, its author included, but it is kept so an appeal can bring it back). null: not held. */
  remove(id: number): Promise<{ authorId: number } | null>;
  /** An accepted appeal of that removal: it comes back, as released. */
  restore(id: number): Promise<void>;
  /** The removed item for the appeal page. */
  content(id: number): Promise<ReportedContent | null>;
}
export type HeldSources = Partial<Record<HeldKind, HeldSource>>;

/** How a held item's decision names it in the audit log, for its appeal to find it again. */
export interface HeldDetails {
  held_kind: HeldKind;
  held_id: number;
}

const NOT_HELD = 'This is not held for review.';
/** Enough for a queue page; the oldest come first, so nothing waits forever behind newer items. */
const QUEUE_LIMIT = 200;

/**
 * Everything 'hold' filter entries kept back, of every kind: staff release each (it reaches everyone, as new) or
 * remove it (taken down, its author told, with the action to appeal). Both are in the audit log.
 */
export class AdminHeldService {
  constructor(
    private readonly sources: HeldSources,
    private readonly members: AdminRepository,
    private readonly admin: AdminService,
    private readonly tell: (userId: number, content: NotificationContent) => Promise<void>,
  ) {}

  async list(): Promise<HeldQueue> {
    const kinds = Object.entries(this.sources) as Array<[HeldKind, HeldSource]>;
    const lists = await Promise.all(kinds.map(async ([kind, source]) => (await source.list()).map((row) => ({ kind, ...row }))));
    const rows = lists
      .flat()
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, QUEUE_LIMIT);
    const authors = await this.members.findMembers(rows.map((r) => r.authorId));
    return {
      items: rows.map((r) => ({
        kind: r.kind,
        id: r.id,
        author: presentMember(authors.get(r.authorId)),
        text: r.text,
        context: r.context,
        created_at: r.createdAt.toISOString(),
      })),
    };
  }

  async release(staff: Staff, kind: HeldKind, id: number) {
    const released = await this.source(kind).release(id);
    if (!released) throw notFound(NOT_HELD);
    await this.admin.record(staff, {
      action: 'held.release',
      targetUserId: released.authorId,
      reason: null,
      details: this.details(kind, id),
    });
    return this.list();
  }

  async remove(staff: Staff, kind: HeldKind, id: number, note: string | null) {
    const removed = await this.source(kind).remove(id);
    if (!removed) throw notFound(NOT_HELD);
    const actionId = await this.admin.record(staff, {
      action: 'held.remove',
      targetUserId: removed.authorId,
      reason: note,
      details: this.details(kind, id),
    });
    await this.tell(removed.authorId, { kind: 'content_removed', payload: { target_kind: kind, reason: note, action_id: actionId } });
    return this.list();
  }

  /** The removal an accepted appeal reverses; false when the audit entry is not a held item's removal. */
  async restore(details: Record<string, unknown>): Promise<boolean> {
    const held = this.heldOf(details);
    if (held) await this.sources[held.held_kind]?.restore(held.held_id);
    return Boolean(held);
  }

  /** What a held item's removal took down, for its appeal. */
  async content(details: Record<string, unknown>): Promise<ReportedContent | null> {
    const held = this.heldOf(details);
    return (held && (await this.sources[held.held_kind]?.content(held.held_id))) ?? null;
  }

  private source(kind: HeldKind): HeldSource {
    const source = this.sources[kind];
    if (!source) throw notFound(NOT_HELD);
    return source;
  }

  private details(kind: HeldKind, id: number): HeldDetails & Record<string, unknown> {
    return { held_kind: kind, held_id: id };
  }

  private heldOf(details: Record<string, unknown>): HeldDetails | null {
    const { held_kind: kind, held_id: id } = details;
    return typeof kind === 'string' && kind in this.sources && typeof id === 'number' ? { held_kind: kind as HeldKind, held_id: id } : null;
  }
}
