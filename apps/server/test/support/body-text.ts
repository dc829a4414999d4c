/**
 * A response's text with every ISO timestamp blanked, for tests that look for a number that must not be there: a time
 * such as '…T18:14:52.520Z' holds '52.52', Berlin's latitude, once a minute for a tenth of a second.
 */
export function withoutTimestamps(text: string) {
  return text.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})/g, '<time>');
}
