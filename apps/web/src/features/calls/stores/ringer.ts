/**
 * The ring of an incoming call: a soft two-tone beat from the Web Audio API (no sound file to fetch) and, on phones,
 * vibration. A browser that has not let this page play sound yet (no tap on it so far) stays silent: the call still
 * shows, and the push or the tab's screen is what the member notices.
 */
export function startRinging(): () => void {
  const AudioContextClass = window.AudioContext as typeof AudioContext | undefined;
  const audio = AudioContextClass ? new AudioContextClass() : null;
  const beat = () => {
    navigator.vibrate?.([400, 200, 400]);
    if (!audio || audio.state !== 'running') return void audio?.resume().catch(() => undefined);
    for (const [offset, frequency] of [
      [0, 440],
      [0.45, 480],
    ] as const) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.08, audio.currentTime + offset);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + offset + 0.4);
      tone.connect(gain).connect(audio.destination);
      tone.start(audio.currentTime + offset);
      tone.stop(audio.currentTime + offset + 0.4);
    }
  };
  beat();
  const timer = setInterval(beat, 2500);
  return () => {
    clearInterval(timer);
    navigator.vibrate?.(0);
    void audio?.close().catch(() => undefined);
  };
}
