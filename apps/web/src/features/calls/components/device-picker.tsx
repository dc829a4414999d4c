import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import type { CallEngine } from '../stores/call-engine';
import { listDevices, type MediaDeviceChoice } from '../stores/call-media';

/** The microphones and cameras this device has, to switch to during the call. */
export function DevicePicker({ engine, video, onClose }: { engine: CallEngine; video: boolean; onClose(): void }) {
  const [devices, setDevices] = useState<{ audio: MediaDeviceChoice[]; video: MediaDeviceChoice[] } | null>(null);
  useEffect(() => {
    let live = true;
    void listDevices().then((found) => live && setDevices(found));
    return () => void (live = false);
  }, []);
  const current = (kind: 'audio' | 'video') => {
    const stream = engine.snapshot().local;
    const track = kind === 'audio' ? stream?.getAudioTracks()[0] : stream?.getVideoTracks()[0];
    return track?.getSettings().deviceId ?? '';
  };
  const change = (kind: 'audio' | 'video') => (event: React.ChangeEvent<HTMLSelectElement>) =>
    void engine.switchDevice(kind, event.target.value).catch(() => toast.error('Could not switch to that device.'));
  return (
    <div className="mx-auto mt-3 max-w-sm space-y-2 text-left text-sm" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <DeviceSelect label="Microphone" choices={devices?.audio} current={current('audio')} onChange={change('audio')} />
      {video && <DeviceSelect label="Camera" choices={devices?.video} current={current('video')} onChange={change('video')} />}
    </div>
  );
}

function DeviceSelect(props: {
  label: string;
  choices: MediaDeviceChoice[] | undefined;
  current: string;
  onChange(event: React.ChangeEvent<HTMLSelectElement>): void;
}) {
  return (
    <label className="block">
      {props.label}
      <select
        className="mt-1 w-full rounded-lg border border-slate-500 bg-slate-900 px-3 py-2 text-slate-100"
        defaultValue={props.current}
        onChange={props.onChange}
        disabled={!props.choices}
      >
        {props.choices?.map((d) => (
          <option key={d.id} value={d.id}>
            {d.label}
          </option>
        ))}
      </select>
    </label>
  );
}
