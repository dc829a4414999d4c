import { ErrorCode, MAX_DB_ID, type Community, type UpdateCommunityBody, type createCommunityBodySchema } from '@tribeverse/shared';
import type { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import { reencodePicture } from '../../lib/images.ts';
import type { CommunitiesRepository, CommunityRow, NewCommunity } from './communities.repository.ts';
import type { CommunityMembersRepository } from './communities-members.repository.ts';
import type { CommunityChannelsService } from './communities-channels.service.ts';
import type { CommunityReadsService } from './communities-reads.service.ts';
import type { CommunityRealtime } from './communities-realtime.ts';
import type { CommunityAccess } from './communities-access.ts';
import { presentCommunity, presentProfileCard } from './communities.presenter.ts';
import { snapToCell } from '../../lib/place-cells.ts';

export interface CommunitiesDeps {
  /** Throws unless it is the member's password (400), or when their wrong guesses are used up (429). */
  checkPassword(userId: number, password: string): Promise<void>;
  /** The interest catalogue's names (categories and tags), lower-cased. */
  interestNames(): Promise<Set<string>>;
  publicUrl: string;
  /** The files of the community's tabs (thread pictures, media posts). */
  tabMedia(communityId: number): Promise<string[]>;
}

type CreateInput = z.output<typeof createCommunityBodySchema>;

/** Communities themselves: making, finding, editing and deleting them (joining is communities-joining.service.ts). */
export class CommunitiesService {
  constructor(
    private readonly repo: CommunitiesRepository,
    private readonly members: CommunityMembersRepository,
    private readonly reads: Pick<CommunityReadsService, 'countsByCommunity'>,
    private readonly channels: Pick<CommunityChannelsService, 'filesOfCommunity'>,
    private readonly access: CommunityAccess,
    private readonly realtime: CommunityRealtime,
    private readonly media: MediaStorage,
    private readonly deps: CommunitiesDeps,
  ) {}

  /** Community DTOs as this caller sees them, loaded in a few queries for the whole page. */
  async present(me: number, rows: CommunityRow[]): Promise<Community[]> {
    const ids = rows.map((r) => r.id);
    const [owners, counts, online, memberships, unread] = await Promise.all([
      this.members.findUsers([...new Set(rows.map((r) => r.ownerId))]),
      this.repo.memberCounts(ids),
      this.realtime.onlineCounts(me, ids),
      this.members.findMemberships(me, ids),
      this.reads.countsByCommunity(me, ids),
    ]);
    const ownerById = new Map(owners.map((o) => [o.id, o]));
    return rows.map((row) =>
      presentCommunity(row, {
        owner: ownerById.get(row.ownerId),
        memberCount: counts.get(row.id) ?? 0,
        onlineCount: online.get(row.id) ?? 0,
        membership: memberships.get(row.id),
        unread: unread.get(row.id) ?? 0,
      }),
    );
  }

  async presentOne(me: number, row: CommunityRow) {
    return (await this.present(me, [row]))[0]!;
  }

  private async checkInterests(interests: string[]) {
    if (!interests.length) return [];
    const known = await this.deps.interestNames();
    const unknown = interests.find((i) => !known.has(i.toLowerCase()));
    if (unknown) throw badRequest(`'${unknown}' is not one of the interests.`, ErrorCode.UNKNOWN_INTEREST, 'interests');
    return [...new Set(interests)];
  }

  /** The place as a coarse cell only: the coordinates are used here and dropped. */
  private async place(place: CreateInput['place']): Promise<Pick<NewCommunity, 'placeName' | 'placeCell'>> {
    if (!place) return { placeName: null, placeCell: null };
    // Snapped by the function a member's position goes through for a scan: the same spot is the same cell.
    return { placeName: place.name, placeCell: await snapToCell(place.lat, place.lng) };
  }

  async saveImage(image: Buffer): Promise<string> {
    const [picture] = await reencodePicture(
      image,
      [{ resize: { width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true }, quality: 82 }],
      'The community picture must be an image (JPEG, PNG, WebP, GIF or AVIF).',
    );
    return this.media.save(picture!.data, 'webp');
  }

  async create(me: number, input: CreateInput, image?: Buffer) {
    const interests = await this.checkInterests(input.interests);
    const imageUrl = image ? await this.saveImage(image) : null;
    try {
      const row = await this.repo.create({
        ownerId: me,
        name: input.name,
        description: input.description,
        visibility: input.visibility,
        paid: input.paid,
        interests,
        image: imageUrl,
        ...(await this.place(input.place)),
      });
      await this.access.audit(row.id, me, 'community.create');
      await this.realtime.move(me, row.id, true);
      return this.presentOne(me, row);
    } catch (error) {
      await this.media.remove(imageUrl);
      throw error;
    }
  }

  async list(me: number, query: { search?: string; interest?: string; mine?: boolean; before?: string; limit: number }) {
    const cursor = query.before ? parseCursor(query.before) : undefined;
    const rows = await this.repo.list(me, { ...query, cursor, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      communities: await this.present(
        me,
        page.map((r) => r.row),
      ),
      next_cursor: rows.length > query.limit && last ? `${last.mine}:${last.row.id}` : null,
    };
  }

  /**
   * For Scan: communities placed in these H3 resolution-5 cells (e.g. `gridDisk` around the caller's cell), sharing
   * one of `interests` when given, as the caller sees them. Only the cell is stored, never a point.
   */
  async inCells(me: number, cells: string[], interests: string[] = [], limit = 50) {
    return this.present(me, await this.repo.findInCells(cells, interests, limit));
  }

  /** Anyone signed in sees a community's header (a private one too: name, picture, description, counts). */
  async get(me: number, id: number) {
    return this.presentOne(me, await this.access.community(id));
  }

  async update(me: number, id: number, input: UpdateCommunityBody & { place?: CreateInput['place'] }) {
    await this.access.withRight(me, id, 'edit_community');
    const patch: Partial<NewCommunity> = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.description !== undefined) patch.description = input.description;
    if (input.visibility !== undefined) patch.visibility = input.visibility;
    if (input.paid !== undefined) patch.paid = input.paid;
    if (input.interests !== undefined) patch.interests = await this.checkInterests(input.interests);
    if (input.place !== undefined) Object.assign(patch, await this.place(input.place));
    const row = Object.keys(patch).length ? await this.repo.update(id, patch) : await this.access.community(id);
    await this.access.audit(id, me, 'community.update', null, { fields: Object.keys(patch).filter((k) => k !== 'placeCell') });
    this.realtime.toRoom(id, 'community:updated', { community_id: id });
    return this.presentOne(me, row);
  }

  async setImage(me: number, id: number, image: Buffer) {
    const { community } = await this.access.withRight(me, id, 'edit_community');
    const url = await this.saveImage(image);
    const row = await this.repo.update(id, { image: url });
    await this.media.remove(community.image);
    await this.access.audit(id, me, 'community.update', null, { fields: ['image'] });
    this.realtime.toRoom(id, 'community:updated', { community_id: id });
    return this.presentOne(me, row);
  }

  async delete(me: number, id: number, password: string) {
    // Who may delete it is said first, whatever the password: the answer never tells a right one.
    const { community } = await this.access.withRight(me, id, 'delete_community');
    await this.deps.checkPassword(me, password);
    const files = [community.image, ...(await this.channels.filesOfCommunity(id)), ...(await this.deps.tabMedia(id))];
    await this.repo.delete(id);
    // Pictures and attachments go with it: nobody can reach them any more.
    await Promise.all(files.map((url) => this.media.remove(url)));
    this.realtime.toRoom(id, 'community:deleted', { community_id: id });
    await this.realtime.closeRoom(id);
  }

  async profileCommunities(me: number, userId: number) {
    // A member who does not exist, or is on the other side of a block from the caller, has no tabs to show.
    if (userId !== me) {
      const [owner] = await this.members.findUsers([userId]);
      if (!owner || (await this.members.blockedEitherWay(me, userId))) throw notFound('This member does not exist.');
    }
    const rows = await this.repo.profileCommunities(userId);
    // Someone else's profile lists private communities only to fellow members.
    const mine =
      userId === me
        ? null
        : await this.members.findMemberships(
            me,
            rows.map((r) => r.row.id),
          );
    const visible = rows.filter((r) => !mine || r.row.visibility === 'public' || mine.get(r.row.id)?.state === 'member');
    return {
      created: visible.filter((r) => r.role === 'owner').map((r) => presentProfileCard(r.row)),
      followed: visible.filter((r) => r.role !== 'owner').map((r) => presentProfileCard(r.row)),
    };
  }
}

function parseCursor(value: string) {
  const match = /^([01]):(\d{1,10})$/.exec(value);
  if (!match || Number(match[2]) > MAX_DB_ID) throw badRequest('This cursor is not valid.', ErrorCode.VALIDATION_FAILED, 'before');
  return { mine: Number(match[1]), id: Number(match[2]) };
}
