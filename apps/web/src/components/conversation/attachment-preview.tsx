import { useEffect, useMemo } from 'react';
import { X } from 'lucide-react';
import { formatFileSize } from '../../lib/file-size';
import { FileKindIcon } from './file-card';

/** Files waiting to be sent: a thumbnail (or the file's icon, name and size) each, with a button to take it back out. */
export function AttachmentPreview({ files, onRemove }: { files: File[]; onRemove(index: number): void }) {
  const urls = useMemo(() => files.map((f) => (f.type.startsWith('image/') ? URL.createObjectURL(f) : null)), [files]);
  useEffect(() => () => urls.forEach((url) => url && URL.revokeObjectURL(url)), [urls]);
  if (!files.length) return null;
  return (
    <ul aria-label="Files to send" className="mb-2 flex gap-2 overflow-x-auto pb-1">
      {files.map((file, i) => (
        <li key={`${file.name}-${i}`} className="relative shrink-0">
          {urls[i] ? (
            <img src={urls[i]!} alt={file.name} className="size-20 rounded-lg border border-slate-700 object-cover" />
          ) : (
            <div className="flex h-20 w-32 flex-col items-center justify-center gap-1 rounded-lg border border-slate-700 bg-slate-900 px-2 text-xs text-slate-300">
              <FileKindIcon mediaType={file.type} className="size-6" />
              <span className="w-full truncate text-center">{file.name}</span>
              <span>{formatFileSize(file.size)}</span>
            </div>
          )}
          <button
            type="button"
            onClick={() => onRemove(i)}
            aria-label={`Remove ${file.name}`}
            className="absolute -top-1 -right-1 flex size-11 items-start justify-end p-1"
          >
            <span className="rounded-full bg-slate-950/90 p-1 text-slate-100 ring-1 ring-slate-600">
              <X className="size-3.5" aria-hidden />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
