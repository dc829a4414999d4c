import { voicePlayedPayloadSchema } from '@tribeverse/shared';
import type { FastifyBaseLogger } from 'fastify';
import { toSocketFailure } from '../../lib/socket-failure.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import type { ChatNamespace } from '../../realtime/io.ts';
import type { MemberEvents } from '../../realtime/member-events.ts';
import { userRoom } from '../../realtime/rooms.ts';
import type { VoicePlays } from './conversations-voice-plays.ts';

/**
 * socket `voice:played {message_id}`: a member played a voice note, in any kind of conversation. The ack says it is
 * kept; their other tabs hear it on their first play, and the sender's sockets on the first play by anyone else, so
 * the unplayed dot goes away everywhere without asking the history again.
 */
export function registerVoicePlaysSocket(chat: ChatNamespace, deps: { events: MemberEvents; plays: VoicePlays; log: FastifyBaseLogger }) {
  deps.events.on('voice:played', { cost: 'read' }, async (socket, payload, reply) => {
    try {
      const { message_id } = parseOrThrow(voicePlayedPayloadSchema, payload);
      const me = socket.data.userId;
      const { senderId, fresh, first } = await deps.plays.markPlayed(me, message_id);
      if (fresh) chat.to(userRoom(me)).except(socket.id).emit('voice:played', { message_id });
      if (first) chat.to(userRoom(senderId)).emit('voice:played', { message_id });
      reply({ ok: true, message_id });
    } catch (error) {
      reply(toSocketFailure(error, deps.log, 'voice'));
    }
  });
}
