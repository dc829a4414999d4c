import { useState } from 'react';
import { useAuth } from '../../../lib/auth';
import { PasscodeDialog, type PasscodeFlow } from '../passcode/passcode-dialog';
import { canHashPasscodes } from '../passcode/passcode-hash';
import { AUTO_LOCK_OPTIONS, setAutoLock, usePasscode } from '../passcode/passcode-store';
import { Row, Toggle } from './settings-rows';

const HINT = 'Asked when you open Tribeverse on this device';

/** Passcode lock for this device: switch it on (set a passcode), choose the auto-lock time, change it, switch it off. */
export function PasscodeRow() {
  const { user } = useAuth();
  const record = usePasscode(user?.id);
  const [flow, setFlow] = useState<PasscodeFlow | null>(null);

  if (!user || !canHashPasscodes()) {
    // Browsers only hash in a secure context (https or this computer); without it no passcode could be checked.
    return (
      <Row label="Passcode lock" hint="Needs a secure (https) connection">
        <Toggle label="Passcode lock" checked={false} disabled />
      </Row>
    );
  }

  return (
    <>
      <Row label="Passcode lock" hint={record ? `On. ${HINT}` : HINT}>
        <Toggle label="Passcode lock" checked={!!record} onChange={(on) => setFlow(on ? 'set' : 'off')} />
      </Row>
      {record && (
        <div className="border-l border-slate-800 pl-4">
          <Row label="Auto-lock" hint="When you come back to the tab after being away">
            <select
              aria-label="Auto-lock"
              value={record.autoLockMs}
              onChange={(e) => setAutoLock(user.id, Number(e.target.value))}
              className="rounded-lg border border-slate-700 bg-slate-900 px-2 py-1 text-sm"
            >
              {AUTO_LOCK_OPTIONS.map((o) => (
                <option key={o.ms} value={o.ms}>
                  If away for {o.label}
                </option>
              ))}
            </select>
          </Row>
          <button type="button" onClick={() => setFlow('change')} className="py-2 text-sm font-medium text-brand-400 hover:text-brand-300">
            Change passcode
          </button>
        </div>
      )}
      <PasscodeDialog flow={flow} memberId={user.id} onClose={() => setFlow(null)} />
    </>
  );
}
