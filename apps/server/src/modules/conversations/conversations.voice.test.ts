import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ConversationMessage } from '@tribeverse/shared';
import { useTestApp, type Member } from '../../../test/support/harness.ts';

const t = useTestApp();

/** Two seconds recorded by Chromium's MediaRecorder from its fake microphone (see lib/voice-notes.test.ts). */
const recording = fs.readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/voice-note.webm'));
const voiceFile = (data = recording) => [{ field: 'file', filename: 'voice.webm', contentType: 'audio/webm', data }];

async function community(owner: Member, members: Member[]) {
  const created = await t.as(owner).post('/api/communities', { name: `Club ${Math.random().toString(36).slice(2, 8)}` });
  expect(created.statusCode).toBe(201);
  const { id } = created.json() as { id: number };
  for (const member of members) expect((await t.as(member).post(`/api/communities/${id}/join`)).json().status).toBe('member');
  return id;
}

function expectVoice(message: ChatMessage | ConversationMessage) {
  expect(message.media_type).toBe('audio/webm');
  expect(message.voice?.duration_ms).toBeGreaterThan(1800);
  expect(message.voice?.duration_ms).toBeLessThan(2200);
  expect(message.voice?.waveform).toHaveLength(64);
  expect(Math.max(...message.voice!.waveform)).toBe(255);
}

describe('voice messages', () => {
  it('are measured by the server and kept with the message, in a direct chat', async () => {
    const [ann, bob] = await t.members(2);
    const sent = await t.as(ann).multipart('/api/chat/send', { peer_id: String(bob.id), voice: '1' }, voiceFile());
    expect(sent.statusCode).toBe(201);
    expectVoice(sent.json().message as ChatMessage);
    const history = (await t.as(bob).get(`/api/chat/messages?peer_id=${ann.id}`)).json() as ChatMessage[];
    expect(history).toHaveLength(1);
    expectVoice(history[0]!);
    expect(history[0]!.voice).toEqual((sent.json().message as ChatMessage).voice);
    // The chat list says the last message is a voice message.
    const list = (await t.as(bob).get('/api/chat/conversations')).json() as { conversations: Array<{ last_message: unknown }> };
    expect(list.conversations[0]!.last_message).toMatchObject({ voice: true, media_type: 'audio/webm' });
    // A reply quotes it as a voice note, not as a file.
    const id = (sent.json().message as ChatMessage).id;
    const reply = await t.as(bob).post('/api/chat/send', { peer_id: ann.id, text: 'on my way', reply_to: id });
    expect(reply.json().message.reply_to).toMatchObject({ id, voice: true });
  });

  it('work the same in a group and in a community channel', async () => {
    const [ada, ben, cy] = await t.members(3);
    const group = await t.as(ada).post('/api/chat/groups', { name: 'Choir', member_ids: [ben.id, cy.id] });
    const groupId = (group.json() as { id: number }).id;
    const inGroup = await t.as(ben).multipart(`/api/chat/groups/${groupId}/send`, { voice: '1' }, voiceFile());
    expect(inGroup.statusCode).toBe(201);
    const groupHistory = (await t.as(cy).get(`/api/chat/groups/${groupId}/messages`)).json() as ConversationMessage[];
    expectVoice(groupHistory.find((m) => m.id === inGroup.json().message.id)!);

    const club = await community(ada, [ben]);
    const inChannel = await t.as(ben).multipart(`/api/communities/${club}/send`, { voice: '1' }, voiceFile());
    expect(inChannel.statusCode).toBe(201);
    const channelHistory = (await t.as(ada).get(`/api/communities/${club}/messages`)).json() as ConversationMessage[];
    expectVoice(channelHistory.find((m) => m.id === inChannel.json().message.id)!);
  });

  it('stay voice messages when forwarded', async () => {
    const [ann, bob, cy] = await t.members(3);
    const sent = await t.as(ann).multipart('/api/chat/send', { peer_id: String(bob.id), voice: '1' }, voiceFile());
    const original = sent.json().message as ChatMessage;
    const group = await t.as(bob).post('/api/chat/groups', { name: 'Band', member_ids: [ann.id, cy.id] });
    const toGroup = await t.as(bob).post('/api/chat/forward', { message_id: original.id, to: { group_id: group.json().id } });
    expect(toGroup.statusCode).toBe(201);
    expect(toGroup.json().message).toMatchObject({ voice: original.voice, forwarded_from: { id: ann.id } });
    expectVoice(toGroup.json().message as ConversationMessage);
  });

  it('refuse what does not decode as Opus with 415 {code,msg}, and store nothing', async () => {
    const [ann, bob] = await t.members(2);
    for (const data of [Buffer.from('RIFF....WAVEfmt not really'), recording.subarray(0, 400)]) {
      const res = await t.as(ann).multipart('/api/chat/send', { peer_id: String(bob.id), voice: '1' }, voiceFile(data));
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', msg: expect.any(String) });
    }
    expect((await t.as(bob).get(`/api/chat/messages?peer_id=${ann.id}`)).json()).toEqual([]);
  });

  it('other messages carry no voice measure', async () => {
    const [ann, bob] = await t.members(2);
    const sent = await t.as(ann).post('/api/chat/send', { peer_id: bob.id, text: 'hello' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatchObject({ text: 'hello', voice: null });
  });
});
