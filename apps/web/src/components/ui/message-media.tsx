import { usePrivateMedia } from '../../lib/media-access';

interface MessageFile {
  media_url?: string | null;
  media_type?: string | null;
  file_name?: string | null;
}

/**
 * A chat message's file, private or community alike: a picture inline, any other file as a link that opens it.
 * Chat files are sent only with this browser's media cookie, so a picture waits for it (lib/media-access.ts).
 */
export function MessageMedia({ message }: { message: MessageFile }) {
  const media = usePrivateMedia();
  if (!message.media_url) return null;
  if (message.media_type?.startsWith('image/')) {
    return (
      <a href={message.media_url} target="_blank" rel="noopener noreferrer">
        {media.ready ? (
          <img
            key={media.key}
            src={message.media_url}
            alt={message.file_name ?? 'Image'}
            onError={media.onError}
            className="mb-1 max-h-64 rounded-lg"
          />
        ) : (
          <span
            role="img"
            aria-label={message.file_name ?? 'Image'}
            aria-busy="true"
            className="mb-1 block h-32 w-48 animate-pulse rounded-lg bg-current/10"
          />
        )}
      </a>
    );
  }
  return (
    <a
      href={message.media_url}
      target="_blank"
      rel="noopener noreferrer"
      className="mb-1 block underline"
      title={message.file_name ?? undefined}
    >
      Attachment
      {message.file_name && <span className="ml-1 text-xs opacity-75">({message.file_name})</span>}
    </a>
  );
}
