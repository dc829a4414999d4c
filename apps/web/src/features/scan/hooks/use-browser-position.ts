import { useCallback } from 'react';

export class PositionError extends Error {}

const MESSAGES: Record<number, string> = {
  1: 'Location permission was refused. Allow location for this site in your browser settings, then try again.',
  2: 'Your position could not be found. Check that location services are on, then try again.',
  3: 'Finding your position took too long. Try again.',
};

/**
 * Asks the browser for the position once (no watching). Low accuracy is enough: the server snaps it to a cell of
 * about 15–20 km anyway, and it is quicker and kinder to the battery.
 */
export function useBrowserPosition() {
  return useCallback(
    () =>
      new Promise<{ lat: number; lng: number }>((resolve, reject) => {
        if (!('geolocation' in navigator)) {
          reject(new PositionError('This browser cannot share a position. Try another browser or device.'));
          return;
        }
        navigator.geolocation.getCurrentPosition(
          (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
          (error) => reject(new PositionError(MESSAGES[error.code] ?? MESSAGES[2])),
          { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
        );
      }),
    [],
  );
}
