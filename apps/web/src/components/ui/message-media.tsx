import { usePrivateMedia } from '../../lib/media-access';
import { FileCard } from '../conversation/file-card';
import { useFileSize } from '../conversation/use-file-size';

interface MessageFile {
  media_url?: string | null;
  media_type?: string | null;
  file_name?: string | null;
}

/**
 * A chat message's file, private or community alike: a picture inline, any other file as a card that downloads it.
 * Chat files are sent only with this browser's media cookie, so a picture, and a file's size, wait for it
 * (lib/media-access.ts).
 */
export function MessageMedia({ message }: { message: MessageFile }) {
  const media = usePrivateMedia();
  const picture = !!message.media_type?.startsWith('image/');
  const size = useFileSize(message.media_url ?? '', media.ready && !!message.media_url && !picture);
  if (!message.media_url) return null;
  if (picture) {
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
  return <FileCard href={message.media_url} name={message.file_name ?? null} mediaType={message.media_type ?? null} size={size} />;
}
