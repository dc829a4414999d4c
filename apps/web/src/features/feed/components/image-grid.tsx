import clsx from 'clsx';
import { useState } from 'react';
import { ImageViewer } from './image-viewer';

/** Thumbnails in a grid (one, two or more columns by count); a click opens the full-size viewer there. */
export function ImageGrid({ images, thumbnails }: { images: string[]; thumbnails: string[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (!images.length) return null;
  const shown = thumbnails.length === images.length ? thumbnails : images;
  return (
    <>
      <div
        className={clsx(
          'grid gap-1 overflow-hidden rounded-xl',
          images.length === 1 ? 'grid-cols-1' : images.length === 2 || images.length === 4 ? 'grid-cols-2' : 'grid-cols-3',
        )}
      >
        {shown.map((src, i) => (
          <button
            key={src}
            type="button"
            onClick={() => setOpen(i)}
            className="block aspect-square overflow-hidden bg-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
            aria-label={`Open picture ${i + 1} of ${images.length}`}
          >
            <img
              src={src}
              alt=""
              loading="lazy"
              className={clsx('h-full w-full', images.length === 1 ? 'object-contain' : 'object-cover')}
            />
          </button>
        ))}
      </div>
      <ImageViewer images={images} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}
