import type { TestApp } from '../../../test/support/test-app.ts';
import { directMember, type DirectMember } from '../../../test/support/direct-member.ts';

export type ChatMember = DirectMember;

/** Private chat over HTTP as its tests drive it: members made straight through the repositories, sends and reads. */
export function directChat(t: Pick<TestApp, 'app' | 'db'>) {
  return {
    member: (profile: { fullName?: string; username?: string } = {}) => directMember(t, profile),
    send: (from: ChatMember, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/chat/send', headers: from.auth, payload }),
    get: (as: ChatMember, url: string) => t.app.inject({ method: 'GET', url, headers: as.auth }),
  };
}
