/**
 * Who may have a private file: the member the media cookie names, while that session is live, when the message's own
 * rules give them its file (`stored`: chat or communities decide, at every fetch) and `name` is that very file. An id
 * paired with another file's name opens nothing.
 */
export const mayOpenFile = (sessionLive: boolean, stored: string | null, name: string): stored is string =>
  sessionLive && stored !== null && stored.endsWith(`/${name}`);
