import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, type MouseEvent } from 'react';

/**
 * The picture fills the screen (scaled up when small, down when large, never cropped), so its box is wider or
 * taller than what is drawn: a click on that empty margin counts as a click outside.
 */
function isOnDrawnPicture(event: MouseEvent<HTMLImageElement>): boolean {
  const img = event.currentTarget;
  const box = img.getBoundingClientRect();
  if (!img.naturalWidth || !img.naturalHeight) return true;
  const scale = Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight);
  const dx = (box.width - img.naturalWidth * scale) / 2;
  const dy = (box.height - img.naturalHeight * scale) / 2;
  const x = event.clientX - box.left;
  const y = event.clientY - box.top;
  return x >= dx && x <= box.width - dx && y >= dy && y <= box.height - dy;
}
import { ChevronLeft, ChevronRight, X } from 'lucide-react';

/** Full-size pictures of a post: next/previous by buttons or arrow keys; Escape or a click outside closes. */
export function ImageViewer({
  images,
  index,
  onIndexChange,
  onClose,
}: {
  images: string[];
  index: number | null;
  onIndexChange: (i: number) => void;
  onClose: () => void;
}) {
  const open = index !== null;
  const count = images.length;
  const go = (delta: number) => index !== null && onIndexChange((index + delta + count) % count);

  useEffect(() => {
    if (!open || count < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') onIndexChange(((index ?? 0) + 1) % count);
      if (e.key === 'ArrowLeft') onIndexChange(((index ?? 0) - 1 + count) % count);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, index, count, onIndexChange]);

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex items-center justify-center p-4"
          onClick={(e) => e.target === e.currentTarget && onClose()}
        >
          <Dialog.Title className="sr-only">
            Picture {index !== null ? index + 1 : 0} of {count}
          </Dialog.Title>
          {index !== null && (
            <img
              src={images[index]}
              alt={`Picture ${index + 1} of ${count}`}
              className="h-full w-full object-contain"
              onClick={(e) => !isOnDrawnPicture(e) && onClose()}
            />
          )}
          {count > 1 && (
            <>
              <button
                type="button"
                aria-label="Previous picture"
                onClick={() => go(-1)}
                className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-slate-900/80 p-2 text-slate-50 hover:bg-slate-800"
              >
                <ChevronLeft className="size-6" />
              </button>
              <button
                type="button"
                aria-label="Next picture"
                onClick={() => go(1)}
                className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-slate-900/80 p-2 text-slate-50 hover:bg-slate-800"
              >
                <ChevronRight className="size-6" />
              </button>
              <p className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full bg-slate-900/80 px-3 py-1 text-sm text-slate-200">
                {(index ?? 0) + 1} / {count}
              </p>
            </>
          )}
          <Dialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 rounded-full bg-slate-900/80 p-2 text-slate-50 hover:bg-slate-800"
          >
            <X className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
