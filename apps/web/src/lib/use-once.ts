import { useState } from 'react';

/**
 * True from the first render where `condition` held, for good: a part fetched on first use (the settings modal,
 * a dialog) stays mounted afterwards, so it closes with its animation and opens at once the next time.
 */
export function useOnce(condition: boolean) {
  const [happened, setHappened] = useState(condition);
  if (condition && !happened) setHappened(true);
  return happened || condition;
}
