import { Fragment, type ReactNode } from 'react';

// 'https://…', 'http://…' or 'www.…' up to a space; other schemes (javascript:, data:) are never links.
const URL_TOKEN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = `.,;:!?'")]}`;

/**
 * A sentence may end right after a link: 'see https://example.com.' links 'https://example.com'. A closing bracket
 * that closes one opened inside the link belongs to it (Wikipedia's '…/Up_(film)').
 */
function trimTrailing(url: string) {
  let end = url.length;
  while (end > 0 && TRAILING.includes(url[end - 1]!)) {
    const head = url.slice(0, end);
    if (url[end - 1] === ')' && (head.match(/\(/g)?.length ?? 0) >= (head.match(/\)/g)?.length ?? 0)) break;
    end--;
  }
  return url.slice(0, end);
}

export type TextPart = { kind: 'text'; value: string } | { kind: 'url'; href: string; label: string };

/** Splits text into plain runs and web links (http and https only, checked by the URL parser). */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_TOKEN)) {
    const label = trimTrailing(m[0]);
    let href: string;
    try {
      const url = new URL(/^https?:\/\//i.test(label) ? label : `https://${label}`);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      href = url.href;
    } catch {
      continue;
    }
    if (m.index! > last) parts.push({ kind: 'text', value: text.slice(last, m.index) });
    parts.push({ kind: 'url', href, label });
    last = m.index! + label.length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}

/** An outside link: a new tab that cannot reach back into the app (noopener) nor learn where it came from (noreferrer). */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="break-all underline underline-offset-2">
      {children}
    </a>
  );
}

/** Text with its web addresses as links; `renderText` may further mark up the plain runs (hashtags, mentions). */
export function LinkifiedText({ text, renderText }: { text: string; renderText?: (value: string) => ReactNode }) {
  return (
    <>
      {splitLinks(text).map((part, i) =>
        part.kind === 'url' ? (
          <ExternalLink key={i} href={part.href}>
            {part.label}
          </ExternalLink>
        ) : (
          <Fragment key={i}>{renderText ? renderText(part.value) : part.value}</Fragment>
        ),
      )}
    </>
  );
}
