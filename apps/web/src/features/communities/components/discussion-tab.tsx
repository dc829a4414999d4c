import { useState, type FormEvent } from 'react';
import { ImagePlus, MessageSquare } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/format';
import { useCreateThread } from '../api/create-thread';
import { useThreads } from '../api/get-threads';
import { useCreateReply } from '../api/create-reply';
import { useReplies } from '../api/get-replies';
import { displayName, type Community, type DiscussionThread } from '../api/types';
import { formatDate } from '../../../lib/datetime';
import { TabLoadMore } from './tab-load-more';

function Replies({ community, thread }: { community: Community; thread: DiscussionThread }) {
  const replies = useReplies(community.id, thread.id);
  const create = useCreateReply(community.id, thread.id);
  const [text, setText] = useState('');
  const list = replies.data?.pages.flatMap((p) => p.replies) ?? [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) create.mutate(text.trim(), { onSuccess: () => (setText(''), void replies.refetch()) });
  };
  return (
    <div className="flex flex-col gap-2 border-t border-slate-800 pt-2">
      {replies.isPending ? (
        <Spinner label="Loading replies" />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={`Replies to ${thread.title}`}>
          {list.map((r) => (
            <li key={r.id} className="flex gap-2 text-sm">
              <Avatar src={r.author.avatar} name={displayName(r.author)} size={28} />
              <span>
                <span className="font-medium">{displayName(r.author)}</span>{' '}
                <span className="whitespace-pre-wrap text-slate-300">{r.text}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {replies.hasNextPage && (
        <Button variant="ghost" className="min-h-11 self-start" onClick={() => void replies.fetchNextPage()}>
          More replies
        </Button>
      )}
      {community.my_status === 'member' && (
        <form onSubmit={submit} className="flex gap-2">
          <input
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Write a reply"
            aria-label="Write a reply"
            maxLength={4000}
            className="min-h-11 flex-1 rounded-lg border border-slate-700 bg-slate-950 px-3 text-sm placeholder:text-slate-400"
          />
          <Button type="submit" className="min-h-11" disabled={!text.trim() || create.isPending}>
            Reply
          </Button>
        </form>
      )}
      {create.isError && <Alert>{errorMessage(create.error, 'Could not reply')}</Alert>}
    </div>
  );
}

function NewThread({ community }: { community: Community }) {
  const create = useCreateThread(community.id);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button className="min-h-11 self-start" onClick={() => setOpen(true)}>
        Start a discussion
      </Button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return;
    create.mutate(
      { title: title.trim(), body: body.trim(), image },
      { onSuccess: () => (setTitle(''), setBody(''), setImage(null), setOpen(false)) },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-2xl border border-slate-800 bg-slate-900 p-4">
      <Field label="Topic" value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} required />
      <TextArea label="Start the discussion" value={body} maxLength={4000} onChange={(e) => setBody(e.target.value)} />
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 self-start rounded-lg border border-slate-700 px-3 text-sm">
        <ImagePlus className="size-4" aria-hidden /> {image ? image.name : 'Add a picture'}
        <input type="file" accept="image/*" className="sr-only" onChange={(e) => setImage(e.target.files?.[0] ?? null)} />
      </label>
      {create.isError && <Alert>{errorMessage(create.error, 'Could not start the discussion')}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" className="min-h-11" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button type="submit" className="min-h-11" disabled={!title.trim() || create.isPending}>
          Post discussion
        </Button>
      </div>
    </form>
  );
}

/** Discussion: threads with a name, a starter, an optional picture and replies. */
export function DiscussionTab({ community, limit }: { community: Community; limit?: number }) {
  const threads = useThreads(community.id);
  const [openId, setOpenId] = useState<number | null>(null);
  if (threads.isPending) return <Spinner label="Loading discussions" />;
  if (threads.isError) return <p className="text-red-300">{errorMessage(threads.error, 'Could not load the discussions')}</p>;
  const list = threads.data.pages.flatMap((p) => p.threads).slice(0, limit);
  return (
    <section className="flex flex-col gap-3">
      {!limit && community.my_status === 'member' && <NewThread community={community} />}
      {!list.length && <p className="text-slate-400">No discussions yet.</p>}
      <ul className="flex flex-col gap-3" aria-label="Discussions">
        {list.map((t) => (
          <li key={t.id} className="flex flex-col gap-2 rounded-2xl border border-slate-800 bg-slate-900 p-4">
            <div className="flex items-center gap-2 text-sm text-slate-300">
              <Avatar src={t.starter.avatar} name={displayName(t.starter)} size={28} />
              <span>
                Started by <span className="font-medium text-slate-100">{displayName(t.starter)}</span> · {formatDate(t.created_at)}
              </span>
            </div>
            <h3 className="font-semibold">{t.title}</h3>
            {t.body && <p className="text-sm whitespace-pre-wrap text-slate-300">{t.body}</p>}
            {t.image && <img src={t.image} alt="" className="max-h-72 rounded-lg object-cover" />}
            <Button
              variant="ghost"
              className="min-h-11 self-start"
              aria-expanded={openId === t.id}
              onClick={() => setOpenId(openId === t.id ? null : t.id)}
            >
              <MessageSquare className="size-4" aria-hidden /> {t.reply_count} {t.reply_count === 1 ? 'reply' : 'replies'}
            </Button>
            {openId === t.id && <Replies community={community} thread={t} />}
          </li>
        ))}
      </ul>
      <TabLoadMore pages={threads} limit={limit} />
    </section>
  );
}
