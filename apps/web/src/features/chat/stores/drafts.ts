/**
 * What the member typed but did not send, per conversation, for this tab's session: switching chats and coming
 * back finds it again. Signing out clears session storage, so it never outlives the member's session.
 */
const draftKey = (peerId: number) => `CHAT_DRAFT_${peerId}`;

export function readDraft(peerId: number): string {
  try {
    return sessionStorage.getItem(draftKey(peerId)) ?? '';
  } catch {
    return '';
  }
}

export function writeDraft(peerId: number, text: string) {
  try {
    if (text) sessionStorage.setItem(draftKey(peerId), text);
    else sessionStorage.removeItem(draftKey(peerId));
  } catch {
    /* storage off or full: the draft lives only while the chat is open */
  }
}
