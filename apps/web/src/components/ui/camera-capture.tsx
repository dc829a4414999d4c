import { useEffect, useRef, useState } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import { appAlert } from './app-dialog';

interface CameraCaptureProps {
  open: boolean;
  onClose: () => void;
  onCapture: (file: File) => void;
  /** 'image/png' on set-up, 'image/jpeg' on the edit screen. */
  type: 'image/png' | 'image/jpeg';
  fileName: string;
  width?: number;
  height?: number;
}

/**
 * Takes a picture with the device camera. The stream is stopped on capture, on cancel and on unmount, so the
 * camera light never stays on. A camera that cannot be opened gives the alert 'Unable to access camera.'.
 */
export function CameraCapture({ open, onClose, onCapture, type, fileName, width, height }: CameraCaptureProps) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [ready, setReady] = useState(false);

  const stop = () => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    setReady(false);
  };

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    const constraints: MediaStreamConstraints = {
      video: { facingMode: 'user', ...(width ? { width: { ideal: width } } : {}), ...(height ? { height: { ideal: height } } : {}) },
      audio: false,
    };
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
        const s = await navigator.mediaDevices.getUserMedia(constraints);
        if (cancelled) {
          s.getTracks().forEach((t) => t.stop());
          return;
        }
        stream.current = s;
        if (video.current) {
          video.current.srcObject = s;
          await video.current.play().catch(() => undefined);
        }
        setReady(true);
      } catch {
        if (cancelled) return;
        void appAlert('Unable to access camera.', 'Camera');
        onClose();
      }
    })();
    return () => {
      cancelled = true;
      stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const capture = () => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = width ?? v.videoWidth;
    canvas.height = height ?? v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        onCapture(new File([blob], fileName, { type }));
        stop();
        onClose();
      },
      type,
      0.92,
    );
  };

  const cancel = () => {
    stop();
    onClose();
  };

  return (
    <Modal open={open} onOpenChange={(o) => !o && cancel()} title="Take a photo">
      <video ref={video} playsInline muted className="aspect-video w-full rounded-lg bg-black" data-testid="camera-preview" />
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={cancel}>
          Cancel
        </Button>
        <Button onClick={capture} disabled={!ready}>
          Capture
        </Button>
      </div>
    </Modal>
  );
}
