import { useRef, useState, type DragEvent, type ReactNode } from 'react';

const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

export interface FileDropZoneProps {
  /** Off while the member cannot send (blocked, editing a message): files are refused, not opened by the browser. */
  enabled: boolean;
  onFiles(files: File[]): void;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}

/** A section that sends the files dropped anywhere on it, with a 'Drop to send' hint while files are dragged over. */
export function FileDropZone({ enabled, onFiles, children, className, 'aria-label': label }: FileDropZoneProps) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed; counting them tells when the drag really left the pane.
  const depth = useRef(0);

  const onDragEnter = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    depth.current += 1;
    setOver(true);
  };
  const onDragOver = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    // Always taken over: a file dropped on a pane that refuses it must not make the browser open it instead of the app.
    e.preventDefault();
    e.dataTransfer.dropEffect = enabled ? 'copy' : 'none';
  };
  const onDragLeave = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (!depth.current) setOver(false);
  };
  const onDrop = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    depth.current = 0;
    setOver(false);
    const files = Array.from(e.dataTransfer.files);
    if (enabled && files.length) onFiles(files);
  };

  return (
    <section
      aria-label={label}
      className={`relative ${className ?? ''}`}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      {children}
      {over && enabled && (
        <div
          role="status"
          className="pointer-events-none absolute inset-0 z-30 flex items-center justify-center rounded-xl border-2 border-dashed border-brand-400 bg-slate-950/80 text-lg font-semibold text-slate-100"
        >
          Drop to send
        </div>
      )}
    </section>
  );
}
