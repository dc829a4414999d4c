/**
 * Why a member reports something, as the Report dialog offers it and the admin area reads it back. The server takes
 * any short text: these keys are what the app sends, so the queue can show each in words (and sort by it one day).
 */
export const REPORT_REASONS = [
  { value: 'spam', label: 'Spam', hint: 'Ads, scams, the same thing over and over' },
  { value: 'harassment', label: 'Harassment', hint: 'Bullying, threats or abuse aimed at someone' },
  { value: 'hate', label: 'Hate', hint: 'Attacks on people for who they are' },
  { value: 'violence', label: 'Violence', hint: 'Threats, glorifying or inciting violence' },
  { value: 'sexual_content', label: 'Sexual content', hint: 'Nudity or sexual content where it does not belong' },
  { value: 'other', label: 'Other', hint: 'Say what is wrong in the note' },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

/** A report's reason in words; a reason sent by another client is shown as it came. */
export const reasonLabel = (reason: string) => REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;
