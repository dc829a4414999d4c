import type { CallMedia } from '@tribeverse/shared';

/** The microphone (and camera, for a video call) a call starts with; `deviceId`s pick a device chosen before. */
export function openLocalMedia(media: CallMedia, devices: { audio?: string; video?: string } = {}) {
  return navigator.mediaDevices.getUserMedia({
    audio: devices.audio ? { deviceId: { exact: devices.audio } } : true,
    video: media === 'video' ? (devices.video ? { deviceId: { exact: devices.video } } : { width: 640, height: 480 }) : false,
  });
}

export interface MediaDeviceChoice {
  id: string;
  label: string;
}

/** The microphones and cameras the browser lists (names appear once the member allowed media for the page). */
export async function listDevices(): Promise<{ audio: MediaDeviceChoice[]; video: MediaDeviceChoice[] }> {
  const all = await navigator.mediaDevices.enumerateDevices();
  const of = (kind: MediaDeviceKind, word: string) =>
    all.filter((d) => d.kind === kind).map((d, i) => ({ id: d.deviceId, label: d.label || `${word} ${i + 1}` }));
  return { audio: of('audioinput', 'Microphone'), video: of('videoinput', 'Camera') };
}

/**
 * Puts another device's track in place of the one of its kind: on the connection (no new offer needed) and in the
 * local stream the preview shows. The old track is stopped, so the device it held is let go.
 */
export async function switchTrack(pc: RTCPeerConnection | null, stream: MediaStream, kind: 'audio' | 'video', deviceId: string) {
  const fresh = await navigator.mediaDevices.getUserMedia(
    kind === 'audio' ? { audio: { deviceId: { exact: deviceId } } } : { video: { deviceId: { exact: deviceId } } },
  );
  const track = fresh.getTracks()[0]!;
  const old = kind === 'audio' ? stream.getAudioTracks()[0] : stream.getVideoTracks()[0];
  if (old) {
    track.enabled = old.enabled;
    const sender = pc?.getSenders().find((s) => s.track === old);
    await sender?.replaceTrack(track);
    stream.removeTrack(old);
    old.stop();
  }
  stream.addTrack(track);
}
