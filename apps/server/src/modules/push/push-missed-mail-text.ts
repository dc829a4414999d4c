import type { Mail } from '../../lib/mailer.ts';
import { ITEMS_PER_MAIL, type MissedItem } from './push-missed-mail.repository.ts';

/** Where the member's settings open: over the home page (any member page takes the `/settings` suffix). */
export const SETTINGS_PATH = '/home/settings';

/** A mail's text stays a list to skim: a long message is cut, the rest is a click away. */
const TEXT_SHOWN = 200;

const cut = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > TEXT_SHOWN ? `${line.slice(0, TEXT_SHOWN - 1)}…` : line;
};

const heading = (item: MissedItem) =>
  item.kind === 'message'
    ? `${item.sender} sent you a message`
    : item.kind === 'group_message'
      ? `${item.sender} in ${item.place}`
      : item.place
        ? `${item.sender} mentioned you in ${item.place}`
        : `${item.sender} mentioned you`;

/**
 * The mail of what a member missed while away: each item's sender, conversation, text (unless previews are off) and
 * link. It carries a one-click unsubscribe (RFC 8058: mail clients show an Unsubscribe button that posts to the
 * link) and a link to the settings where it is switched back on.
 */
export function missedMessagesMail(input: {
  to: string;
  items: MissedItem[];
  previews: boolean;
  publicUrl: string;
  unsubscribeUrl: string;
}): Mail {
  const { items, publicUrl } = input;
  const count = items.length;
  const lines = items.flatMap((item) => {
    const text = input.previews && item.text ? cut(item.text) : '';
    return [`${heading(item)}${text ? `: ${text}` : ''}`, `  ${publicUrl}${item.url}`, ''];
  });
  return {
    to: input.to,
    subject: count === 1 ? 'You missed a message on Tribeverse' : `You missed ${count} messages on Tribeverse`,
    text: [
      'While you were away:',
      '',
      ...lines,
      ...(count >= ITEMS_PER_MAIL ? [`There may be more: open Tribeverse to read everything: ${publicUrl}/home`, ''] : []),
      'You get this mail once each time you are away with something unread, then nothing until you have been back.',
      `Turn it off in Settings → Notifications: ${publicUrl}${SETTINGS_PATH}`,
      '',
      '— Tribeverse',
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
