import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { PostCardsRepository } from './feed-post-cards.repository.ts';
import { PostViewsRepository } from './feed-post-views.repository.ts';

const t = useTestApp();

/** The real cards, except that something happens once between reading a page and reading its cards. */
class ChangedMeanwhile extends PostCardsRepository {
  constructor(private readonly meanwhile: () => Promise<unknown>) {
    super(t.db);
  }
  private done = false;
  override async findByIds(ids: number[]) {
    if (!this.done) {
      this.done = true;
      await this.meanwhile();
    }
    return super.findByIds(ids);
  }
}

describe('a page read while its posts change', () => {
  it('shows a card and the viewer flags of one moment when a like lands between the two reads', async () => {
    const [author, fan] = await t.members(2);
    const id = await t.post(author!, 'liked in between');
    const views = new PostViewsRepository(t.db, new ChangedMeanwhile(() => t.as(fan!).post(`/api/posts/${id}/like`)));
    const [view] = await views.find(fan!.id, { postId: id }, 1);
    expect(view).toMatchObject({ likedByMe: true, card: { likesCount: 1 } });
  });

  it('leaves no hole when a post is deleted between the two reads: the page is full and says where to go on', async () => {
    const author = await t.member();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await t.post(author, `post ${i}`));
    const views = new PostViewsRepository(t.db, new ChangedMeanwhile(() => t.as(author).delete(`/api/posts/${ids[3]}`)));
    const page = await views.find(author.id, { authorId: author.id }, 2);
    // One more than asked: the caller knows another page follows.
    expect(page.map((v) => v.card.id)).toEqual([ids[2], ids[1], ids[0]]);
  });
});
