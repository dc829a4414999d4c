import { ComingSoon } from './settings-rows';

export function AutoDeleteRow() {
  return <ComingSoon label="Auto delete message" />;
}
