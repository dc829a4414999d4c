import type { CallMedia, ChatUser } from '@tribeverse/shared';

/**
 * How a screen asks for a call (the direct chat's header buttons) without importing the calls feature: the calls
 * feature, mounted once in the member shell, listens here and does the ringing.
 */
export interface CallRequest {
  peer: ChatUser;
  media: CallMedia;
}

const listeners = new Set<(request: CallRequest) => void>();

export function requestCall(request: CallRequest) {
  for (const listener of listeners) listener(request);
}

export function onCallRequest(listener: (request: CallRequest) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
