import { ComingSoon } from './settings-rows';

export function PasscodeRow() {
  return <ComingSoon label="Passcode lock" />;
}
