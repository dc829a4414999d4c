import type { Namespace, Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@tribeverse/shared';

// The socket server's types on their own: io.ts builds the server from member-events.ts, which needs only these,
// so neither has to import the other back.

export interface SocketData {
  userId: number;
  sessionId: number;
  /** When its session ends unless used again (ms since the epoch), as last known here: checked then, not before. */
  sessionEndsAt: number;
}

export type ChatServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type ChatNamespace = Namespace<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
