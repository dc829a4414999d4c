import { File, FileArchive, FileAudio, FileText, FileType, FileVideo, type LucideIcon } from 'lucide-react';
import { formatFileSize } from '../../lib/file-size';

export type FileKind = 'pdf' | 'text' | 'archive' | 'audio' | 'video' | 'other';

const ARCHIVES = new Set([
  'application/zip',
  'application/x-7z-compressed',
  'application/gzip',
  'application/x-tar',
  'application/vnd.rar',
]);

/** What kind of file a message carries, from the type the server detected in its content. */
export function fileKind(mediaType: string | null | undefined): FileKind {
  const type = (mediaType ?? '').toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('text/') || type === 'application/rtf') return 'text';
  if (ARCHIVES.has(type)) return 'archive';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  return 'other';
}

const KINDS: Record<FileKind, { icon: LucideIcon; label: string }> = {
  pdf: { icon: FileText, label: 'PDF' },
  text: { icon: FileType, label: 'Text' },
  archive: { icon: FileArchive, label: 'Archive' },
  audio: { icon: FileAudio, label: 'Audio' },
  video: { icon: FileVideo, label: 'Video' },
  other: { icon: File, label: 'File' },
};

/** 'PDF', 'Text', ..., and for any other file its extension ('DOCX file'), which says more than 'File'. */
function typeLabel(kind: FileKind, name: string | null): string {
  const extension = kind === 'other' ? /\.([A-Za-z0-9]{1,8})$/.exec(name ?? '')?.[1] : undefined;
  return extension ? `${extension.toUpperCase()} file` : KINDS[kind].label;
}

/** The icon of a file's kind (PDF, text, archive, audio, video, any other), for wherever a file is shown. */
export function FileKindIcon({ mediaType, className }: { mediaType: string | null | undefined; className?: string }) {
  const Icon = KINDS[fileKind(mediaType)].icon;
  return <Icon className={className} aria-hidden />;
}

export interface FileCardProps {
  /** The file's link: a download under its own name (the server sends every such file as an attachment). */
  href: string;
  name: string | null;
  mediaType: string | null;
  /** In bytes; left out of the card until known. */
  size?: number | null;
}

/**
 * A file sent in a message, other than a picture: its type's icon, its name, its type and size ('Text · 12 KB').
 * The whole card is one link (a 44 px target, Enter opens it) that downloads the file. It sits on the bubble's
 * colour in either theme: a black tint and the bubble's own text colour, so it reads wherever a bubble does.
 */
export function FileCard({ href, name, mediaType, size }: FileCardProps) {
  const kind = fileKind(mediaType);
  const title = name || 'File';
  const details = [typeLabel(kind, name), size == null ? null : formatFileSize(size)].filter(Boolean);
  return (
    <a
      href={href}
      download={name || true}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${title}, ${details.join(', ')}`}
      data-testid="file-card"
      className="mb-1 flex min-h-11 w-64 max-w-full items-center gap-3 rounded-xl bg-black/15 p-2 whitespace-normal no-underline hover:bg-black/25 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-black/15">
        <FileKindIcon mediaType={mediaType} className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium" title={title}>
          {title}
        </span>
        <span className="block text-xs">{details.join(' · ')}</span>
      </span>
    </a>
  );
}
