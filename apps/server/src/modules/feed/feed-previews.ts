import type { FeedPreviewsRepository } from './feed-previews.repository.ts';

/** Long enough to recognise the post, short enough for one line of a notification. */
export const PREVIEW_CHARS = 100;

/** One line: whitespace collapsed, cut at a word near the limit with an ellipsis; null for a text-less post. */
export function previewText(text: string): string | null {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return null;
  if (line.length <= PREVIEW_CHARS) return line;
  const cut = line.slice(0, PREVIEW_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > PREVIEW_CHARS * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Previews for notifications; a post behind a content warning is previewed by its warning, never its text. */
export async function feedPreviews(repo: FeedPreviewsRepository, wanted: { posts: number[]; comments: number[] }) {
  const [postRows, commentRows] = await Promise.all([repo.posts(wanted.posts), repo.comments(wanted.comments)]);
  return {
    posts: new Map(postRows.map((p) => [p.id, p.contentWarning ? `CW: ${previewText(p.contentWarning)}` : previewText(p.text)])),
    comments: new Map(commentRows.map((c) => [c.id, previewText(c.text)])),
  };
}
