import { ComingSoon } from './settings-rows';

export function TwoStepRow() {
  return <ComingSoon label="Two-step verification" />;
}
