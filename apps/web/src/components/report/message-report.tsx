import { useState } from 'react';
import { isRemoved, systemOf, type TimelineMessage } from '../../lib/conversation/message';
import { ReportDialog, type ReportableMessage } from './report-dialog';

/** How many messages before the reported one the reporter may add to a report. */
export const MESSAGES_OFFERED_BEFORE = 5;

/** The reported message and the few real ones before it, oldest first: what the reporter picks from. */
export function offeredMessages<M extends TimelineMessage>(messages: M[], reported: M, author: (m: M) => string): ReportableMessage[] {
  const at = messages.findIndex((m) => m.id === reported.id);
  const before = messages
    .slice(0, Math.max(at, 0))
    .filter((m) => !systemOf(m) && !m.deleted && !isRemoved(m))
    .slice(-MESSAGES_OFFERED_BEFORE);
  return [...before, reported].map((m) => ({ id: m.id, author: author(m), text: m.text, created_at: m.created_at }));
}

/**
 * Report in a direct or group chat's message menu: `onReport` goes into the message actions and `dialog` beside the
 * conversation. The reported message goes with the report; the ones before it are offered.
 */
export function useMessageReport<M extends TimelineMessage>(messages: M[], author: (m: M) => string) {
  const [reported, setReported] = useState<M | null>(null);
  const dialog = (
    <ReportDialog
      subject={reported && { kind: 'message', id: reported.id, what: `${author(reported)}'s message` }}
      messages={reported ? offeredMessages(messages, reported, author) : undefined}
      onClose={() => setReported(null)}
    />
  );
  return { onReport: (message: M) => setReported(message), dialog };
}
