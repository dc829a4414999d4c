import { useState, type FormEvent } from 'react';
import { Heart, ImagePlus, Repeat2, Trash2 } from 'lucide-react';
import { MEDIA_POST_MAX_IMAGES } from '@tribeverse/shared';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/format';
import { useCreateMediaPost } from '../api/create-media-post';
import { useMediaPosts } from '../api/get-media-posts';
import { useMediaPostActions } from '../api/media-post-actions';
import { displayName, type Community } from '../api/types';
import { formatDate } from '../../../lib/datetime';
import { TabLoadMore } from './tab-load-more';

function NewMediaPost({ community }: { community: Community }) {
  const create = useCreateMediaPost(community.id);
  const [text, setText] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() && !images.length) return;
    create.mutate({ text: text.trim(), images }, { onSuccess: () => (setText(''), setImages([])) });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 rounded-2xl border border-slate-800 bg-slate-900 p-3">
      <textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={2000}
        placeholder="Share something with the community"
        aria-label="Post text"
        className="min-h-20 rounded-lg border border-slate-700 bg-slate-950 p-2 text-sm placeholder:text-slate-400"
      />
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-700 px-3 text-sm">
          <ImagePlus className="size-4" aria-hidden />{' '}
          {images.length ? `${images.length} picture${images.length > 1 ? 's' : ''}` : 'Add pictures'}
          <input
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            onChange={(e) => {
              const picked = [...(e.target.files ?? [])];
              if (picked.length > MEDIA_POST_MAX_IMAGES)
                toast.info(`At most ${MEDIA_POST_MAX_IMAGES} pictures: the first ${MEDIA_POST_MAX_IMAGES} are kept`);
              setImages(picked.slice(0, MEDIA_POST_MAX_IMAGES));
            }}
          />
        </label>
        <Button type="submit" className="ml-auto min-h-11" disabled={create.isPending || (!text.trim() && !images.length)}>
          {create.isPending ? 'Posting…' : 'Post'}
        </Button>
      </div>
      {create.isError && <Alert>{errorMessage(create.error, 'Could not post')}</Alert>}
    </form>
  );
}

/** Media: posts with pictures, likes and shares (the spec's media post: author, text, image, likes, shares). */
export function MediaTab({ community, limit }: { community: Community; limit?: number }) {
  const posts = useMediaPosts(community.id);
  const { like, share, remove } = useMediaPostActions(community.id);
  const me = useAuth().user?.id;
  const [deleting, setDeleting] = useState<number | null>(null);
  const onError = (e: unknown) => toast.error(errorMessage(e, 'That did not work'));
  if (posts.isPending) return <Spinner label="Loading media" />;
  if (posts.isError) return <p className="text-red-300">{errorMessage(posts.error, 'Could not load the media')}</p>;
  const list = posts.data.pages.flatMap((p) => p.posts).slice(0, limit);
  const canRemove = community.my_rights.includes('remove_message');
  return (
    <section className="flex flex-col gap-3">
      {!limit && community.my_status === 'member' && <NewMediaPost community={community} />}
      {!list.length && <p className="text-slate-400">No media posts yet.</p>}
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Media posts">
        {list.map((p) => (
          <li key={p.id} className="flex flex-col gap-2 rounded-2xl border border-slate-800 bg-slate-900 p-3">
            <div className="flex items-center gap-2 text-sm">
              <Avatar src={p.author.avatar} name={displayName(p.author)} size={28} />
              <span className="font-medium">{displayName(p.author)}</span>
              <span className="text-xs text-slate-400">{formatDate(p.created_at)}</span>
            </div>
            {p.text && <p className="text-sm whitespace-pre-wrap text-slate-200">{p.text}</p>}
            {p.images.length > 0 && (
              <div className="grid grid-cols-2 gap-1">
                {p.images.map((src) => (
                  <img
                    key={src}
                    src={src}
                    alt=""
                    className="aspect-square w-full rounded-lg object-cover first:col-span-2 first:aspect-video"
                  />
                ))}
              </div>
            )}
            <div className="flex items-center gap-1 text-sm">
              <Button
                variant="ghost"
                className="min-h-11"
                aria-pressed={p.liked_by_me}
                aria-label={`Like, ${p.likes} ${p.likes === 1 ? 'like' : 'likes'}`}
                onClick={() => like.mutate({ postId: p.id, on: !p.liked_by_me }, { onError })}
              >
                <Heart className={`size-4 ${p.liked_by_me ? 'fill-red-400 text-red-400' : ''}`} aria-hidden /> {p.likes}
              </Button>
              <Button
                variant="ghost"
                className="min-h-11"
                aria-label={`Share, ${p.shares} ${p.shares === 1 ? 'share' : 'shares'}`}
                onClick={() => share.mutate(p.id, { onSuccess: () => toast.success('Shared'), onError })}
              >
                <Repeat2 className="size-4" aria-hidden /> {p.shares}
              </Button>
              {(p.author.id === me || canRemove) && (
                <Button
                  variant="ghost"
                  className="ml-auto min-h-11 text-red-300"
                  aria-label="Delete post"
                  onClick={() => setDeleting(p.id)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete post"
        confirmLabel="Delete"
        onConfirm={() => remove.mutateAsync(deleting!)}
      >
        Delete this post and its pictures for everyone?
      </ConfirmDialog>
      <TabLoadMore pages={posts} limit={limit} />
    </section>
  );
}
