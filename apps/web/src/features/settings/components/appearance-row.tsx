import { setThemeChoice, useThemeChoice, type ThemeChoice } from '../../../lib/theme';
import { Row } from './settings-rows';

const OPTIONS: Array<{ value: ThemeChoice; label: string }> = [
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
        <select
          aria-label="Theme"
          value={choice}
          onChange={(e) => setThemeChoice(e.target.value as ThemeChoice)}
          className="min-h-11 rounded-lg border border-slate-700 bg-slate-900 px-2 text-sm"
        >
          {OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </Row>
    </section>
  );
}
