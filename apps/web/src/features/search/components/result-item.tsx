import { Hash, MessageCircle, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/datetime';
import type { MessageConversation, SearchMessage, SearchResult } from '../api/search';
import { Highlighted } from './highlighted';

/** Where a message lives, opened at that message: the history loads around it and marks it (`?around=`). */
export function messageHref(message: SearchMessage) {
  const c = message.conversation;
  const base =
    c.kind === 'direct'
      ? paths.chat.private.conversation.getHref(c.id)
      : c.kind === 'group'
        ? paths.chat.private.group.getHref(c.id)
        : paths.community.channel.getHref(c.community_id ?? 0, c.id);
  return `${base}?around=${message.id}`;
}

export function resultHref(result: SearchResult) {
  switch (result.type) {
    case 'messages':
      return messageHref(result.item);
    case 'people':
      return paths.people.profile.getHref(result.item.username);
    case 'communities':
      return paths.communities.detail.getHref(result.item.id);
    case 'posts':
      // Posts have no page of their own: the author's posts, brought to this one (as a notification's link does).
      return paths.landing.filtered({ author: result.item.username }, result.item.post_id);
  }
}

const KIND: Record<MessageConversation['kind'], { label: string; Icon: typeof Hash }> = {
  direct: { label: 'Chat', Icon: MessageCircle },
  group: { label: 'Group', Icon: UsersRound },
  channel: { label: 'Channel', Icon: Hash },
};

const nameOf = (person: { name?: string | null; username: string }) => person.name || person.username;

function Heading({ result }: { result: SearchResult }) {
  switch (result.type) {
    case 'messages': {
      const { conversation, sender, created_at } = result.item;
      const { label, Icon } = KIND[conversation.kind];
      return (
        <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-400">
          <span className="inline-flex items-center gap-1 font-medium text-slate-200">
            <Icon className="size-3.5" aria-hidden />
            <span className="sr-only">{label}: </span>
            {conversation.name}
          </span>
          <span>{nameOf(sender)}</span>
          <time dateTime={created_at}>{formatDateTime(created_at)}</time>
        </span>
      );
    }
    case 'posts':
      return (
        <span className="text-xs text-slate-400">
          Post by <span className="font-medium text-slate-200">{nameOf(result.item)}</span>
        </span>
      );
    case 'people':
      return (
        <span className="text-sm">
          <span className="font-medium text-slate-100">{nameOf(result.item)}</span>{' '}
          <span className="text-slate-400">@{result.item.username}</span>
        </span>
      );
    case 'communities':
      return (
        <span className="text-sm font-medium text-slate-100">
          {result.item.name}
          {result.item.is_private && <span className="ml-2 text-xs font-normal text-slate-400">Private</span>}
        </span>
      );
  }
}

function picture(result: SearchResult) {
  switch (result.type) {
    case 'messages':
      return <Avatar src={result.item.sender.avatar} name={nameOf(result.item.sender)} size={36} />;
    case 'posts':
      return <Avatar src={result.item.avatar} name={nameOf(result.item)} size={36} />;
    case 'people':
      return <Avatar src={result.item.avatar} name={nameOf(result.item)} size={36} />;
    case 'communities':
      return <Avatar src={result.item.picture} name={result.item.name} size={36} />;
  }
}

/** One result: a link to where it lives, with what matched marked in its snippet. */
export function ResultItem({ result }: { result: SearchResult }) {
  return (
    <Link
      to={resultHref(result)}
      data-search-result
      className="flex min-h-11 gap-3 rounded-lg px-3 py-2 hover:bg-slate-900 focus-visible:bg-slate-900 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
    >
      {picture(result)}
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Heading result={result} />
        {result.snippet && (
          <span className="text-sm break-words text-slate-300">
            <Highlighted text={result.snippet} highlights={result.highlights} />
          </span>
        )}
      </span>
    </Link>
  );
}
