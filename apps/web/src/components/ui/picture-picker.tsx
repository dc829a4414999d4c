import { useEffect, useMemo, useRef, useState } from 'react';
import { LIMITS, PROFILE_PICTURE_TOO_LARGE_MSG } from '@tribeverse/shared';
import { Avatar } from './avatar';
import { Button } from './button';
import { CameraCapture } from './camera-capture';

/** A profile picture from a file (images only) or from the camera, with a preview. */
interface PicturePickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
  currentUrl?: string | null;
  name?: string;
  /** How a camera capture is encoded and named. */
  camera: { type: 'image/png' | 'image/jpeg'; fileName: string; width?: number; height?: number };
}

export function PicturePicker({ file, onChange, currentUrl, name, camera }: PicturePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const refuse = (message: string) => {
    setError(message);
    if (input.current) input.current.value = '';
  };

  const onPick = (picked: File | undefined) => {
    if (!picked) return;
    if (!picked.type.startsWith('image/')) return refuse('Choose an image file (JPEG, PNG, WebP or GIF).');
    // Said now, not after the whole form was sent and refused.
    if (picked.size > LIMITS.profilePictureMaxBytes) return refuse(PROFILE_PICTURE_TOO_LARGE_MSG);
    setError(null);
    onChange(picked);
  };

  return (
    <div className="flex flex-col items-center gap-2">
      <Avatar src={preview ?? currentUrl} name={name} size={88} />
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => input.current?.click()}>
          Upload picture
        </Button>
        <Button variant="secondary" onClick={() => setCameraOpen(true)}>
          Take a photo
        </Button>
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-label="Profile picture file"
        data-testid="picture-file"
        onChange={(e) => onPick(e.target.files?.[0])}
      />
      {file && <p className="text-xs text-slate-400">{file.name}</p>}
      {error && (
        <p role="alert" className="text-xs text-red-400">
          {error}
        </p>
      )}
      <CameraCapture open={cameraOpen} onClose={() => setCameraOpen(false)} onCapture={onChange} {...camera} />
    </div>
  );
}
