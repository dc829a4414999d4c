/**
 * What the member typed but did not send, per conversation (`key`: a direct chat's peer id, 'group-<id>', …), for
 * this tab's session: switching chats and coming back finds it again. Signing out clears session storage, so it
 * never outlives the member's session.
 */
const draftKey = (key: string) => `CHAT_DRAFT_${key}`;

export function readDraft(key: string): string {
  try {
    return sessionStorage.getItem(draftKey(key)) ?? '';
  } catch {
    return '';
  }
}

export function writeDraft(key: string, text: string) {
  try {
    if (text) sessionStorage.setItem(draftKey(key), text);
    else sessionStorage.removeItem(draftKey(key));
  } catch {
    /* storage off or full: the draft lives only while the chat is open */
  }
}
