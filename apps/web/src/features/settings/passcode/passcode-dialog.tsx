import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { Modal } from '../../../components/ui/modal';
import { OtpInput, emptyCode } from '../../../components/ui/otp-input';
import { CurrentPasscode } from './current-passcode';
import { PASSCODE_LENGTH } from './passcode-hash';
import { removePasscode, setPasscode } from './passcode-store';

export type PasscodeFlow = 'set' | 'change' | 'off';
type Step = 'current' | 'new' | 'repeat';

// Changing or turning off the lock asks for the current passcode first: an unlocked device left alone is
// otherwise one click away from losing its lock.
const STEPS: Record<PasscodeFlow, Step[]> = { set: ['new', 'repeat'], change: ['current', 'new', 'repeat'], off: ['current'] };
const TITLES: Record<PasscodeFlow, string> = { set: 'Set a passcode', change: 'Change passcode', off: 'Turn off passcode lock' };

export function PasscodeDialog({ flow, memberId, onClose }: { flow: PasscodeFlow | null; memberId: string | number; onClose: () => void }) {
  return (
    <Modal
      open={flow !== null}
      onOpenChange={(open) => !open && onClose()}
      title={flow ? TITLES[flow] : ''}
      className="w-[min(92vw,24rem)]"
    >
      {flow && <PasscodeSteps key={flow} flow={flow} memberId={memberId} onDone={onClose} />}
    </Modal>
  );
}

function PasscodeSteps({ flow, memberId, onDone }: { flow: PasscodeFlow; memberId: string | number; onDone: () => void }) {
  const steps = STEPS[flow];
  const [stepIndex, setStepIndex] = useState(0);
  const [code, setCode] = useState(() => emptyCode(PASSCODE_LENGTH));
  const [first, setFirst] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [saving, setSaving] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const step = steps[stepIndex]!;

  // Each step starts in its first box. Deferred a tick so the dialog's own opening focus (which remembers the
  // switch that opened it, to go back there on close) has happened first.
  useEffect(() => {
    const timer = setTimeout(() => box.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus());
    return () => clearTimeout(timer);
  }, [stepIndex]);

  const next = () => {
    setCode(emptyCode(PASSCODE_LENGTH));
    setStepIndex((i) => i + 1);
  };

  const onVerified = () => {
    if (flow !== 'off') return next();
    removePasscode(memberId);
    toast.success('Passcode lock is off');
    onDone();
  };

  const onNewCode = async (nextCode: string[]) => {
    setCode(nextCode);
    if (nextCode.some((d) => d)) setMismatch(false);
    if (nextCode.some((d) => !d) || saving) return;
    const typed = nextCode.join('');
    if (step === 'new') {
      setFirst(typed);
      return next();
    }
    if (typed !== first) {
      // Start again from the first entry: the member may have mistyped either one.
      setMismatch(true);
      setCode(emptyCode(PASSCODE_LENGTH));
      setStepIndex(steps.indexOf('new'));
      return;
    }
    setSaving(true);
    try {
      await setPasscode(memberId, typed);
      toast.success(flow === 'set' ? 'Passcode lock is on' : 'Passcode changed');
      onDone();
    } catch {
      setSaving(false);
      toast.error('Could not save the passcode.');
    }
  };

  const prompt =
    step === 'current'
      ? 'Enter your current passcode'
      : step === 'repeat'
        ? 'Repeat the passcode'
        : `Enter a new ${PASSCODE_LENGTH}-digit passcode`;

  return (
    <div ref={box} className="flex flex-col items-center gap-4">
      <p className="text-sm text-slate-300">{prompt}</p>
      {step === 'current' ? (
        <CurrentPasscode memberId={memberId} label="Current passcode" onVerified={onVerified} />
      ) : (
        <OtpInput
          key={step}
          value={code}
          onChange={onNewCode}
          label={step === 'new' ? 'New passcode' : 'Repeat passcode'}
          disabled={saving}
          invalidCharMessage="Digits only"
        />
      )}
      {mismatch && (
        <p role="alert" className="text-sm text-red-400">
          Passcodes do not match
        </p>
      )}
      {step !== 'current' && (
        <p className="text-center text-xs text-slate-400">
          Asked when you open Tribeverse on this device. If you forget it, you can log out and sign in again.
        </p>
      )}
    </div>
  );
}
