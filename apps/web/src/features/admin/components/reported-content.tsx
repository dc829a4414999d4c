import clsx from 'clsx';
import type { InstanceReport } from '@tribeverse/shared';
import { formatDateTime } from '../../../lib/datetime';
import { memberName } from './names';

const quote = 'rounded-lg border border-slate-700 bg-slate-950 px-3 py-2 text-sm whitespace-pre-wrap break-words text-slate-100';
const CONVERSATION_WORDS = { direct: 'a direct chat', group: 'a group chat', channel: 'a community channel' } as const;

/**
 * What was reported, as the report copied it: a post with its pictures, a comment under its post, a profile's bio,
 * a community's description, or the messages the reporter chose with the reported one marked.
 */
export function ReportedContent({ content: c, markedId }: { content: InstanceReport['content']; markedId: number }) {
  switch (c.kind) {
    case 'post':
      return (
        <div className="flex flex-col gap-2">
          <p className={quote}>{c.text || 'A post without text'}</p>
          {c.images.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Pictures of the post">
              {c.images.map((src, i) => (
                <li key={src}>
                  <img src={src} alt={`Picture ${i + 1} of the post`} className="size-24 rounded-lg object-cover" />
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-slate-400">Posted {formatDateTime(c.created_at)}</p>
        </div>
      );
    case 'comment':
      return (
        <div className="flex flex-col gap-2">
          <p className="text-xs text-slate-400">Under the post:</p>
          <p className="border-l-2 border-slate-600 pl-3 text-sm whitespace-pre-wrap break-words text-slate-300">
            {c.post_text || 'A post without text'}
          </p>
          <p className={quote}>{c.text}</p>
          <p className="text-xs text-slate-400">Commented {formatDateTime(c.created_at)}</p>
        </div>
      );
    case 'user':
      return (
        <div className={quote}>
          {c.name !== undefined && <p className="font-semibold">{c.name ? `Name: ${c.name}` : 'No name.'}</p>}
          <p>{c.bio ? `Bio: ${c.bio}` : 'No bio.'}</p>
        </div>
      );
    case 'community':
      return (
        <div className={quote}>
          <p className="font-semibold">{c.name}</p>
          <p className="text-slate-300">{c.description || 'No description.'}</p>
        </div>
      );
    case 'message':
      return (
        <div className="flex flex-col gap-1">
          <p className="text-xs text-slate-400">
            From {CONVERSATION_WORDS[c.conversation]}: only the messages the reporter sent with the report.
          </p>
          <ol className="flex flex-col gap-1" aria-label="Reported messages">
            {c.messages.map((m) => {
              const reported = m.id === markedId;
              return (
                <li
                  key={m.id}
                  aria-current={reported ? 'true' : undefined}
                  className={clsx('rounded-lg border px-3 py-2 text-sm', reported ? 'border-red-400 bg-red-500/10' : 'border-slate-700')}
                >
                  <p className="text-xs text-slate-400">
                    <span className="font-semibold text-slate-200">{memberName(m.sender)}</span> · {formatDateTime(m.created_at)}
                    {reported && <span className="font-semibold text-red-300"> · reported</span>}
                  </p>
                  <p className="whitespace-pre-wrap break-words text-slate-100">
                    {m.text}
                    {m.media_type && <span className="text-slate-400"> [{m.media_type} attached]</span>}
                  </p>
                </li>
              );
            })}
          </ol>
        </div>
      );
  }
}
