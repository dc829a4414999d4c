import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { buildPost, buildUser } from '../../../test/support/factories.ts';
import { installErrorHandling } from '../../lib/http-errors.ts';
import { FeedRepository } from './feed.repository.ts';
import { FeedService } from './feed.service.ts';

const t = useTestApp();

/** The real repository, except that the post is deleted right after the service has looked it up: the author's delete won the race. */
class DeletedMeanwhile extends FeedRepository {
  override async findById(id: number) {
    const row = await super.findById(id);
    if (row) await this.delete(id);
    return row;
  }
}

/**
 * Runs one feed action against a post deleted in between, and answers it through the app's error handling, as a
 * route would: what the member's client receives.
 */
async function answerTo(action: (service: FeedService, postId: number, viewerId: number) => Promise<unknown>) {
  const author = await buildUser(t);
  const viewer = await buildUser(t);
  const post = await buildPost(t, author, 'about to go');
  const service = new FeedService(new DeletedMeanwhile(t.db), t.app.ctx.media, t.app.ctx.realtime.chat);
  const http = Fastify();
  installErrorHandling(http);
  http.post('/act', async () => action(service, post.post_id, viewer.id));
  try {
    return await http.inject({ method: 'POST', url: '/act' });
  } finally {
    await http.close();
  }
}

describe('acting on a post that is deleted at the same moment', () => {
  it.each([
    ['a like', (s: FeedService, postId: number, viewerId: number) => s.like(viewerId, postId, true)],
    ['a comment', (s: FeedService, postId: number, viewerId: number) => s.comments.add(viewerId, postId, 'nice')],
    ['a share', (s: FeedService, postId: number, viewerId: number) => s.share(viewerId, postId, 'look')],
  ])('answers %s with 404 and the error shape, not 500', async (_name, action) => {
    const res = await answerTo(action);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', msg: expect.stringMatching(/no longer exists/) });
  });
});

describe("editing one's post while another tab deletes it", () => {
  it('answers 404 with the error shape, not 500', async () => {
    const author = await buildUser(t);
    const post = await buildPost(t, author, 'about to go');
    const service = new FeedService(new DeletedMeanwhile(t.db), t.app.ctx.media, t.app.ctx.realtime.chat);
    const http = Fastify();
    installErrorHandling(http);
    http.post('/act', async () => service.update(author.id, post.post_id, { post: 'edited' }));
    try {
      const res = await http.inject({ method: 'POST', url: '/act' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', msg: 'This post does not exist (it may have been deleted).' });
    } finally {
      await http.close();
    }
  });
});
