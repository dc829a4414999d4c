import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ConversationMessage } from '@tribeverse/shared';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { ConversationVoicePlaysRepository } from './conversations-voice-plays.repository.ts';

const t = useTestApp({}, { listen: true });
afterEach(() => vi.restoreAllMocks());

/** Two seconds recorded by Chromium's MediaRecorder from its fake microphone (see lib/voice-notes.test.ts). */
const recording = fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/voice-note.webm'));
const voiceFile = [{ field: 'file', filename: 'voice.webm', contentType: 'audio/webm', data: recording }];

async function sendDirectNote(from: Member, to: Member): Promise<number> {
  const sent = await t.as(from).multipart('/api/chat/send', { peer_id: String(to.id), voice: '1' }, voiceFile);
  expect(sent.statusCode).toBe(201);
  expect((sent.json().message as ChatMessage).voice?.played).toBe(false);
  return sent.json().message.id;
}

/** What `member` sees of a direct note in their history with `peer`. */
async function directPlayed(member: Member, peer: Member, id: number) {
  const history = (await t.as(member).get(`/api/chat/messages?peer_id=${peer.id}`)).json() as ChatMessage[];
  return history.find((m) => m.id === id)!.voice!.played;
}

async function groupPlayed(member: Member, groupId: number, id: number) {
  const history = (await t.as(member).get(`/api/chat/groups/${groupId}/messages`)).json() as ConversationMessage[];
  return history.find((m) => m.id === id)!.voice!.played;
}

async function play(member: Member, messageId: number) {
  const client = await t.socket(member);
  return client.socket.timeout(5000).emitWithAck('voice:played', { message_id: messageId });
}

describe('voice notes played', () => {
  it('in a direct chat: played for the receiver on every device, and the sender sees it, live', async () => {
    const [ann, bob] = await t.members(2);
    const id = await sendDirectNote(ann, bob);
    expect(await directPlayed(bob, ann, id)).toBe(false);
    expect(await directPlayed(ann, bob, id)).toBe(false);

    const annSocket = await t.socket(ann);
    const bobOtherTab = await t.socket(bob);
    expect(await play(bob, id)).toEqual({ ok: true, message_id: id });
    // The sender's dot goes away, and so does the one in the receiver's other tab.
    expect(await annSocket.next('voice:played')).toEqual({ message_id: id });
    expect(await bobOtherTab.next('voice:played')).toEqual({ message_id: id });

    expect(await directPlayed(bob, ann, id)).toBe(true);
    expect(await directPlayed(ann, bob, id)).toBe(true);
    // Pins show it too.
    expect((await t.as(ann).put(`/api/chat/messages/${id}/pin`, { pinned: true })).statusCode).toBe(200);
    const { pins } = (await t.as(bob).get(`/api/chat/pins?peer_id=${ann.id}`)).json() as { pins: ChatMessage[] };
    expect(pins.map((m) => [m.id, m.voice?.played])).toEqual([[id, true]]);

    // Playing again is fine and tells nobody anew.
    const before = annSocket.events.length;
    expect(await play(bob, id)).toEqual({ ok: true, message_id: id });
    expect(await directPlayed(bob, ann, id)).toBe(true);
    expect(annSocket.events.slice(before).filter((e) => e.name === 'voice:played')).toEqual([]);
  });

  it('in a group: a third member playing makes it played for the sender, not for the others', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await t.as(ada).post('/api/chat/groups', { name: 'Choir', member_ids: [ben.id, cy.id] });
    const groupId = (group.json() as { id: number }).id;
    const sent = await t.as(ben).multipart(`/api/chat/groups/${groupId}/send`, { voice: '1' }, voiceFile);
    const id = sent.json().message.id as number;
    const benSocket = await t.socket(ben);

    expect(await play(cy, id)).toMatchObject({ ok: true });
    expect(await benSocket.next('voice:played')).toEqual({ message_id: id });
    expect(await groupPlayed(ben, groupId, id)).toBe(true);
    expect(await groupPlayed(cy, groupId, id)).toBe(true);
    // Ada has not listened: still unplayed for her.
    expect(await groupPlayed(ada, groupId, id)).toBe(false);
  });

  it('in a community channel, for its members', async () => {
    const [owner, member] = await t.members(2);
    const created = await t.as(owner).post('/api/communities', { name: `Club ${Math.random().toString(36).slice(2, 8)}` });
    const club = (created.json() as { id: number }).id;
    expect((await t.as(member).post(`/api/communities/${club}/join`)).json().status).toBe('member');
    const sent = await t.as(member).multipart(`/api/communities/${club}/send`, { voice: '1' }, voiceFile);
    const id = sent.json().message.id as number;

    expect(await play(owner, id)).toMatchObject({ ok: true });
    const history = (await t.as(member).get(`/api/communities/${club}/messages`)).json() as ConversationMessage[];
    expect(history.find((m) => m.id === id)!.voice!.played).toBe(true);
  });

  it('is refused for a stranger, for one’s own note, and for what is not a voice note', async () => {
    const [ann, bob, eve] = await t.members(3);
    const id = await sendDirectNote(ann, bob);
    expect(await play(eve, id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await play(ann, id)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const text = await t.as(ann).post('/api/chat/send', { peer_id: bob.id, text: 'hello' });
    expect(await play(bob, text.json().message.id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await play(bob, 0)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    // Nothing was marked: still unplayed for both.
    expect(await directPlayed(ann, bob, id)).toBe(false);

    // A member who left a group may no longer mark its notes.
    const group = await t.as(ann).post('/api/chat/groups', { name: 'Band', member_ids: [bob.id, eve.id] });
    const groupId = (group.json() as { id: number }).id;
    const note = await t.as(ann).multipart(`/api/chat/groups/${groupId}/send`, { voice: '1' }, voiceFile);
    expect((await t.as(eve).delete(`/api/chat/groups/${groupId}/members/${eve.id}`)).statusCode).toBe(204);
    expect(await play(eve, note.json().message.id)).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await groupPlayed(ann, groupId, note.json().message.id)).toBe(false);
  });

  it('asks once per page of history with voice notes, and not at all for a page without any', async () => {
    const [ann, bob] = await t.members(2);
    await t.as(ann).post('/api/chat/send', { peer_id: bob.id, text: 'no notes here' });
    const lookups = vi.spyOn(ConversationVoicePlaysRepository.prototype, 'playedAmong');
    await t.as(bob).get(`/api/chat/messages?peer_id=${ann.id}`);
    expect(lookups).not.toHaveBeenCalled();
    await sendDirectNote(ann, bob);
    await sendDirectNote(bob, ann);
    await t.as(bob).get(`/api/chat/messages?peer_id=${ann.id}`);
    expect(lookups).toHaveBeenCalledTimes(1);
  });
});
