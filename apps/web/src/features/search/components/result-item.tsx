import type { ChatUser, SearchResult } from '@tribeverse/shared';
import { FileText, Hash, Image, MessageCircle, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/datetime';
import { Highlighted } from './highlighted';

type MessageResult = Extract<SearchResult, { type: 'message' }>;

/** Where a message lives, opened at that message: the history loads around it and marks it (`?around=`). */
export function messageHref({ item }: MessageResult) {
  const c = item.conversation;
  const base =
    c.kind === 'direct'
      ? paths.chat.private.conversation.getHref(c.id)
      : c.kind === 'group'
        ? paths.chat.private.group.getHref(c.id)
        : paths.community.channel.getHref(c.community_id ?? 0, c.id);
  return `${base}?around=${item.id}`;
}

/** Where a result leads; null for a member whose account is gone (no page to open). */
export function resultHref(result: SearchResult): string | null {
  switch (result.type) {
    case 'message':
      return messageHref(result);
    case 'person':
      return result.item.username ? paths.people.profile.getHref(result.item.username) : null;
    case 'community':
      return paths.communities.detail.getHref(result.item.id);
    case 'post':
      // Posts have no page of their own: the author's posts, brought to this one (as a notification's link does).
      return paths.landing.filtered({ author: result.item.author.username ?? undefined }, result.item.id);
  }
}

const KIND = {
  direct: { label: 'Chat', Icon: MessageCircle },
  group: { label: 'Group', Icon: UsersRound },
  channel: { label: 'Channel', Icon: Hash },
};

const nameOf = (person: ChatUser) => person.name || person.username || 'A member';

function MessageHeading({ item }: MessageResult) {
  const { label, Icon } = KIND[item.conversation.kind];
  const picture = item.media_type?.startsWith('image/');
  return (
    <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-400">
      <span className="inline-flex items-center gap-1 font-medium text-slate-200">
        <Icon className="size-3.5" aria-hidden />
        <span className="sr-only">{label}: </span>
        {item.conversation.name}
      </span>
      <span>{nameOf(item.sender)}</span>
      <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
      {item.media_type && (
        <span className="inline-flex items-center gap-1">
          {picture ? <Image className="size-3.5" aria-hidden /> : <FileText className="size-3.5" aria-hidden />}
          {picture ? 'Picture' : 'File'}
        </span>
      )}
    </span>
  );
}

function Heading({ result }: { result: SearchResult }) {
  switch (result.type) {
    case 'message':
      return <MessageHeading {...result} />;
    case 'post':
      return (
        <span className="text-xs text-slate-400">
          Post by <span className="font-medium text-slate-200">{nameOf(result.item.author)}</span>{' '}
          <time dateTime={result.item.created_at}>{formatDateTime(result.item.created_at)}</time>
        </span>
      );
    case 'person':
      // The snippet is the name and the user name, with what matched marked.
      return null;
    case 'community':
      return result.snippet === result.item.name ? null : <span className="text-sm font-medium text-slate-100">{result.item.name}</span>;
  }
}

function picture(result: SearchResult) {
  switch (result.type) {
    case 'message':
      return <Avatar src={result.item.sender.avatar} name={nameOf(result.item.sender)} size={36} />;
    case 'post':
      return <Avatar src={result.item.author.avatar} name={nameOf(result.item.author)} size={36} />;
    case 'person':
      return <Avatar src={result.item.avatar} name={nameOf(result.item)} size={36} />;
    case 'community':
      return <Avatar src={result.item.image} name={result.item.name} size={36} />;
  }
}

const rowClass =
  'flex min-h-11 min-w-0 flex-1 gap-3 rounded-lg px-3 py-2 hover:bg-slate-900 focus-visible:bg-slate-900 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none';

/** One result: a link to where it lives, with what matched marked in its snippet. */
export function ResultItem({ result }: { result: SearchResult }) {
  const href = resultHref(result);
  const body = (
    <>
      {picture(result)}
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Heading result={result} />
        {result.snippet && (
          <span
            className={
              result.type === 'person' || result.type === 'community' ? 'text-sm text-slate-100' : 'text-sm break-words text-slate-300'
            }
          >
            <Highlighted text={result.snippet} highlights={result.highlights} />
          </span>
        )}
        {result.type === 'community' && result.item.visibility === 'private' && (
          <span className="text-xs text-slate-400">Private community</span>
        )}
      </span>
    </>
  );
  return href ? (
    <Link to={href} data-search-result className={rowClass}>
      {body}
    </Link>
  ) : (
    <div className={rowClass}>{body}</div>
  );
}
