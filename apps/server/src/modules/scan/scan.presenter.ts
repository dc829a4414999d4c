import { DISTANCE_BANDS, type ScanLocationState, type ScanPerson } from '@tribeverse/shared';
import type { PersonCardRow } from './scan.repository.ts';

export const presentLocationState = (visibleUntil: Date | null): ScanLocationState => ({
  visible: !!visibleUntil,
  visible_until: visibleUntil ? visibleUntil.toISOString() : null,
});

/** A person in range: who they are, what they share, how far as a band. No cell, no coordinates, no distance. */
export const presentPerson = (card: PersonCardRow, sharedInterests: string[], band: number): ScanPerson => ({
  id: card.id,
  username: card.username,
  name: card.fullName,
  avatar: card.profilePicture,
  shared_interests: sharedInterests,
  distance_band: DISTANCE_BANDS[band]!,
});
