import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import type { AnyPlace } from './conversations.presenter.ts';
import { ConversationMessagesRepository } from './conversations-messages.repository.ts';
import { ConversationReadsRepository } from './conversations-reads.repository.ts';
import { ConversationSendRepository } from './conversations-send.repository.ts';
import { ConversationModerationRepository } from './conversations-moderation.repository.ts';
import { ConversationsService } from './conversations.service.ts';
import { ConversationVoicePlaysRepository } from './conversations-voice-plays.repository.ts';

/** The socket event voice notes' "played" comes in by, registered by the kind that owns the chat namespace's events. */
export { registerVoicePlaysSocket } from './conversations-voice.socket.ts';

/**
 * The conversation core has no routes of its own: the kinds (chat's direct chats and groups, communities' channels)
 * serve it under their own paths. It is built once per app and handed to both.
 */
export function createConversations(db: Db, media: MediaStorage, counted?: (kind: AnyPlace['kind']) => void): ConversationsService {
  return new ConversationsService(
    new ConversationMessagesRepository(db),
    new ConversationReadsRepository(db),
    media,
    new ConversationSendRepository(db),
    new ConversationModerationRepository(db),
    new ConversationVoicePlaysRepository(db),
    counted,
  );
}
