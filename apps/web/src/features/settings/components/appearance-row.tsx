import { setThemeChoice, useThemeChoice, type ThemeChoice } from '../../../lib/theme';
import { ChoiceSelect, type Choice } from '../../../components/ui/choice-select';
import { Row } from './settings-rows';

const OPTIONS: Array<Choice<ThemeChoice>> = [
  { value: 'system', label: 'As on this device' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Light or dark; by default the system's setting. Kept on this device and applied at once. */
export function AppearanceRow() {
  const choice = useThemeChoice();
  return (
    <section className="mb-4">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">Appearance</h3>
      <Row label="Theme" hint="Follows your system's light or dark setting unless you pick one">
        <ChoiceSelect label="Theme" choices={OPTIONS} value={choice} onChange={setThemeChoice} />
      </Row>
    </section>
  );
}
