import { Fragment } from 'react';
import { Link } from 'react-router';
import { LinkifiedText } from '../../../components/ui/linkified-text';
import { profileHref, tagHref } from './links';

// One pass over the text: '#tag' (any script) or '@username' at the start or after a space or punctuation.
const TOKEN = /(^|[^\p{L}\p{N}_@.])(?:#([\p{L}\p{N}_]{1,50})|@([A-Za-z0-9_.]{3,30}))/gu;

/** Post text with web links, clickable #hashtags (filter the feed) and @mentions (that member's posts). Line breaks kept. */
export function PostText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className ?? 'whitespace-pre-wrap break-words text-slate-100'}>
      <LinkifiedText text={text} renderText={(run) => <TagsAndMentions text={run} />} />
    </p>
  );
}

function TagsAndMentions({ text }: { text: string }) {
  const parts: Array<string | { kind: '#' | '@'; value: string }> = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index! + m[1]!.length;
    const kind = m[2] !== undefined ? '#' : '@';
    // A sentence may end right after a mention: 'thanks @ada.' mentions 'ada'.
    const value = kind === '#' ? m[2]! : m[3]!.replace(/\.+$/, '');
    if (kind === '@' && value.length < 3) continue;
    parts.push(text.slice(last, start));
    parts.push({ kind, value });
    last = start + 1 + value.length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <Link
            key={i}
            to={part.kind === '#' ? tagHref(part.value) : profileHref(part.value)}
            className="font-medium text-brand-400 hover:underline"
          >
            {part.kind}
            {part.value}
          </Link>
        ),
      )}
    </>
  );
}
