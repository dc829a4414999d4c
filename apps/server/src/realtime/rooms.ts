/** Every socket of a member joins their own room: events for that member go there, so all their tabs get them. */
export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;
/** The sockets with a member's chat open, who hear of that member's presence without a conversation yet. */
export const presenceRoom = (userId: number) => `presence:${userId}`;
